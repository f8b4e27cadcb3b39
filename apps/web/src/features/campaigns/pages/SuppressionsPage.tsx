import { ActionIcon, Button, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { SUPPRESSION_MESSAGES, SuppressionDeleteBody } from '@leadline/shared/campaigns/index';
import { useDeferredValue, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { SequencesTabs } from '../components/SequencesTabs';
import { SuppressionImport } from '../components/SuppressionImport';
import { useAddSuppressions, useDeleteSuppression, useRestoreSuppression, useSuppressions, type Suppression } from '../suppressions-api';

const REASONS: Record<string, string> = { manual: 'Added by hand', import: 'Imported', unsubscribed: 'Unsubscribed' };

function AddForm() {
  const add = useAddSuppressions();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = SuppressionDeleteBody.safeParse({ email: email.trim() });
        if (!parsed.success) return setError('Enter a valid email address');
        add.mutate([parsed.data.email], {
          onSuccess: () => {
            notify.success(SUPPRESSION_MESSAGES.added, parsed.data.email);
            setEmail('');
            setError(null);
          },
          onError: (e) => setError(isApiError(e) ? e.fieldMessage : 'Enter a valid email address'),
        });
      }}
    >
      <Group align="flex-start" gap="xs">
        <TextInput aria-label="Email address to suppress" placeholder="name@company.com" w={280} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} />
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
}

/**
 * Engage → Campaigns → Suppressions: addresses no campaign of the team sends to. Delete takes
 * effect at once; its toast offers Undo, which puts the entry back as it was (reason and date).
 */
export function SuppressionsPage() {
  const [search, setSearch] = useState('');
  const debounced = useDeferredValue(search.trim());
  const [page, setPage] = useState(1);
  const suppressions = useSuppressions(debounced, page);
  const remove = useDeleteSuppression();
  const restore = useRestoreSuppression();
  const rows = suppressions.data?.data ?? [];

  const undoable = (row: Suppression) =>
    remove.mutate(row.email, {
      onSuccess: ({ data: { undoToken } }) => {
        const id = notifications.show({
          color: 'teal',
          autoClose: 10_000,
          title: SUPPRESSION_MESSAGES.deleted,
          message: (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{row.email}</Text>
              <Button size="compact-xs" variant="light" onClick={() => restore.mutate(undoToken, { onSuccess: () => notifications.hide(id), onError: (e) => notify.error(isApiError(e) ? e.message : row.email) })}>
                Undo
              </Button>
            </Group>
          ),
        });
      },
      onError: (e) => notify.error(isApiError(e) ? e.message : row.email),
    });

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Suppressions
      </Title>
      <SequencesTabs />
      <Text size="sm" c="dimmed">
        No campaign of your team sends to these addresses. People who unsubscribe are added here; adding an address stops its active leads in every campaign.
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <AddForm />
          <SuppressionImport />
        </Stack>
      </Paper>
      <TextInput
        aria-label="Search the suppression list"
        placeholder="Search addresses"
        leftSection={<IconSearch size={16} />}
        w={320}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.email}>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{REASONS[row.reason] ?? row.reason}</Table.Td>
              <Table.Td>{new Date(row.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${row.email}`} onClick={() => undoable(row)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {suppressions.data && suppressions.data.pagination.totalRecords === 0 && (
        <Text c="dimmed" ta="center">
          {debounced ? 'No address matches your search.' : 'No suppressed addresses yet.'}
        </Text>
      )}
      {suppressions.data && suppressions.data.pagination.totalPages > 1 && <Pagination total={suppressions.data.pagination.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
