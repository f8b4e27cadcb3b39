import { KNOWLEDGE_MESSAGES } from '@leadline/shared';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { useDeleteKnowledgeProfile, useKnowledgeProfiles, useSetDefaultKnowledgeProfile } from '../api';
import { CreateKnowledgeProfileDialog } from './CreateKnowledgeProfileDialog';
import { KnowledgeProfileStatus } from './KnowledgeProfileStatus';

/** The member's knowledge hub profiles, their crawl status, default choice and the create dialog. */
export function KnowledgeProfilesTable() {
  const profiles = useKnowledgeProfiles();
  const setDefault = useSetDefaultKnowledgeProfile();
  const remove = useDeleteKnowledgeProfile();
  const [creating, setCreating] = useState(false);

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            Knowledge Hub
          </Title>
          <Button onClick={() => setCreating(true)}>Create Knowledge Profile</Button>
        </Group>
        {profiles.isPending && <Loader size="sm" />}
        {profiles.error && <Alert color="red">{KNOWLEDGE_MESSAGES.loadFailed}</Alert>}
        {profiles.data?.length === 0 && <Text c="dimmed">No results.</Text>}
        {profiles.data && profiles.data.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Profile</Table.Th>
                <Table.Th>Websites</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sources</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profiles.data.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/settings/knowledge-hub/${p._id}`}>
                        {p.profileName}
                      </Anchor>
                      {p.isDefaultProfile && <Badge size="sm">Default</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.rootUrls.map((r) => r.url.replace(/^https?:\/\//, '')).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <KnowledgeProfileStatus profile={p} />
                  </Table.Td>
                  <Table.Td>{p.sourceCount}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {!p.isDefaultProfile && (
                        <Button size="xs" variant="default" loading={setDefault.isPending && setDefault.variables === p._id} onClick={() => setDefault.mutate(p._id, { onSuccess: () => notify.success(KNOWLEDGE_MESSAGES.defaultSet), onError: () => notify.error(KNOWLEDGE_MESSAGES.defaultFailed) })}>
                          Set as default
                        </Button>
                      )}
                      <Button size="xs" variant="subtle" color="red" loading={remove.isPending && remove.variables === p._id} onClick={() => remove.mutate(p._id, { onSuccess: () => notify.success(KNOWLEDGE_MESSAGES.deleted), onError: () => notify.error(KNOWLEDGE_MESSAGES.deleteFailed) })}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <CreateKnowledgeProfileDialog opened={creating} onClose={() => setCreating(false)} />
    </Paper>
  );
}
