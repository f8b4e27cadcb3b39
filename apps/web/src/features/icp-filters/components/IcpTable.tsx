import { ICP_FILTER_KEYS, ICP_FILTER_LABELS, ICP_MESSAGES, type IcpDto } from '@leadline/shared';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useDeleteIcp, useIcps } from '../api';
import { CreateIcpDialog } from './CreateIcpDialog';

const matchesText = (m: IcpDto['matches']) => `${m.total.toLocaleString()}${m.isLowerBound ? '+' : ''}`;

/** The company tab's ICP table: each ICP's filters, how many people match it now, apply and delete. */
export function IcpTable() {
  const icps = useIcps();
  const navigate = useNavigate();
  const [creating, create] = useDisclosure(false);
  const [deleting, setDeleting] = useState<IcpDto | null>(null);

  // The search screen fills its filters from this state and waits for the user to search.
  const apply = (icp: IcpDto) => navigate('/prospects/search', { state: { filters: icp.filters, icpName: icp.name } });

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} fz="h4">
              Ideal customer profiles
            </Title>
            <Text size="sm" c="dimmed">
              Saved sets of search filters. Apply one to fill the prospect search filters.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={18} stroke={1.7} />} onClick={create.open}>
            Create ICP
          </Button>
        </Group>
        {icps.isPending ? (
          <Loader size="sm" />
        ) : icps.isError ? (
          <Alert color="red">{ICP_MESSAGES.loadFailed}</Alert>
        ) : icps.data.length === 0 ? (
          <Text c="dimmed">No ICPs yet. Create one to fill the prospect search filters with it in one click.</Text>
        ) : (
          <Table withTableBorder verticalSpacing="sm" aria-label="ICPs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Filters</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>People matching</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Created by</Table.Th>
                <Table.Th w={230} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {icps.data.map((icp) => (
                <Table.Tr key={icp._id}>
                  <Table.Td fw={600}>{icp.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {ICP_FILTER_KEYS.flatMap((key) =>
                        (icp.filters[key] ?? []).map((o) => (
                          <Badge key={`${key}-${o.value}`} variant="light" size="sm" tt="none">
                            {ICP_FILTER_LABELS[key]}: {o.label}
                          </Badge>
                        )),
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{matchesText(icp.matches)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{icp.userName}</Text>
                    <Text size="xs" c="dimmed">
                      {new Date(icp.createdAt).toLocaleDateString()}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" leftSection={<IconSearch size={14} />} onClick={() => apply(icp)} aria-label={`Apply ${icp.name} on search`}>
                        Apply on search
                      </Button>
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(icp)} aria-label={`Delete ${icp.name}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <CreateIcpDialog opened={creating} onClose={create.close} />
        <DeleteIcpDialog icp={deleting} onClose={() => setDeleting(null)} />
      </Stack>
    </Card>
  );
}

function DeleteIcpDialog({ icp, onClose }: { icp: IcpDto | null; onClose: () => void }) {
  const remove = useDeleteIcp();
  const confirm = () =>
    icp &&
    remove.mutate(icp.name, {
      onSuccess: () => {
        notify.success(ICP_MESSAGES.deleted);
        onClose();
      },
    });
  return (
    <Modal opened={icp !== null} onClose={onClose} title="Delete ICP">
      <Stack>
        <Text size="sm">Delete the ICP "{icp?.name}"? This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete ICP
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
