import { API_KEY_MESSAGES, type ApiKeyCreateResponse, type ApiKeyView } from '@leadline/shared';
import { Alert, Button, Code, CopyButton, Group, Loader, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey, useDeleteApiKey } from '../api';

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** The settings "api_cockpit" tab: the team's keys, masked; a new key is shown in full once. */
export function ApiCockpit() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<ApiKeyCreateResponse['data'] | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer.data);
        notify.success(API_KEY_MESSAGES.created);
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} fz="h4">
            API keys
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            A key lets a script call the Leadline API as you, with your permissions: send it as{' '}
            <Code>Authorization: Bearer &lt;key&gt;</Code>. The API is described at <a href="/api/docs">/api/docs</a>.
          </Text>
        </div>
        <Button leftSection={<IconKey size={18} stroke={1.7} />} onClick={onCreate} loading={create.isPending}>
          Create API key
        </Button>
      </Group>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <Loader size="sm" />
      ) : keys.isError ? (
        <Alert color="red">{API_KEY_MESSAGES.loadFailed}</Alert>
      ) : keys.data.length === 0 ? (
        <Text c="dimmed">No API keys yet.</Text>
      ) : (
        <Table withTableBorder verticalSpacing="sm" aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((key) => (
              <Table.Tr key={key._id}>
                <Table.Td>
                  <Code>{key.key}</Code>
                </Table.Td>
                <Table.Td>{dateTime(key.createdAt)}</Table.Td>
                <Table.Td>{dateTime(key.lastUsedAt)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(key)}>
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <DeleteKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function NewKey({ created, onDone }: { created: ApiKeyCreateResponse['data']; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" title="Copy your new API key now" role="region" aria-label="New API key">
      <Stack gap="sm">
        <Text size="sm">This is the only time the whole key is shown. Afterwards it is listed as {created.maskedKey}.</Text>
        <Group align="flex-end" wrap="nowrap" gap="sm">
          <TextInput aria-label="New API key" value={created.key} readOnly flex={1} ff="monospace" onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={created.key}>
            {({ copy }) => (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => {
                  copy();
                  notify.success(API_KEY_MESSAGES.copied);
                }}
              >
                Copy
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const remove = useDeleteApiKey();
  const confirm = () =>
    apiKey &&
    remove.mutate(apiKey._id, {
      onSuccess: () => {
        notify.success(API_KEY_MESSAGES.deleted);
        onClose();
      },
    });
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Delete API key">
      <Stack>
        <Text size="sm">
          Delete the key <Code>{apiKey?.key}</Code>? Scripts using it stop working at once. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
