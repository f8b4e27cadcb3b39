import { KNOWLEDGE_LIMITS, KNOWLEDGE_MESSAGES } from '@leadline/shared';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { useDeleteKnowledgeContent, useKnowledgeProfile, useUpdateKnowledgeProfile } from '../api';
import { KnowledgeProfileStatus } from '../components/KnowledgeProfileStatus';
import { RootUrlInput, type RootUrlDraft } from '../components/RootUrlInput';

/** /settings/knowledge-hub/{id} (spec/settings.md §2): rename, add or remove content, see what was read. */
export function KnowledgeProfilePage() {
  const { profileId: id = '' } = useParams();
  const profile = useKnowledgeProfile(id);
  const update = useUpdateKnowledgeProfile();
  const removeContent = useDeleteKnowledgeContent();
  const [name, setName] = useState<string | null>(null);
  const [adding, setAdding] = useState<RootUrlDraft[]>([]);

  if (profile.isPending) return <Loader />;
  if (profile.error || !profile.data) return <Alert color="red">{profile.error?.message ?? KNOWLEDGE_MESSAGES.loadFailed}</Alert>;
  const p = profile.data;
  const shownName = name ?? p.profileName;
  const saved = () => notify.success(KNOWLEDGE_MESSAGES.updated);
  const failed = () => notify.error(KNOWLEDGE_MESSAGES.updateFailed);

  return (
    <Stack>
      <Anchor component={Link} to="/settings/knowledge-hub" size="sm">
        ← Knowledge Hub
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{p.profileName}</Title>
          {p.isDefaultProfile && <Badge>Default</Badge>}
        </Group>
        <KnowledgeProfileStatus profile={p} />
      </Group>
      {p.error && <Alert color={p.status === 'failed' ? 'red' : 'yellow'}>{p.error}</Alert>}

      <Paper withBorder p="md">
        <Group align="flex-end">
          <TextInput style={{ flex: 1 }} label="Profile name" value={shownName} maxLength={KNOWLEDGE_LIMITS.profileNameMax} onChange={(e) => setName(e.currentTarget.value)} />
          <Button
            disabled={!shownName.trim() || shownName.trim() === p.profileName}
            loading={update.isPending && update.variables?.profileName !== undefined}
            onClick={() => update.mutate({ profileId: p._id, profileName: shownName.trim() }, { onSuccess: () => (setName(null), saved()), onError: failed })}
          >
            Save
          </Button>
        </Group>
      </Paper>

      <Paper withBorder p="md">
        <Stack>
          <Title order={3} size="h4">
            Content
          </Title>
          <Table>
            <Table.Tbody>
              {p.rootUrls.map((r) => (
                <Table.Tr key={r.url}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.url}</Table.Td>
                  <Table.Td>{r.includeSubPages ? 'with subpages' : 'this page'}</Table.Td>
                  <Table.Td>{r.isCompetitor && <Badge color="orange">Competitor</Badge>}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => removeContent.mutate({ profileId: p._id, url: r.url }, { onSuccess: saved, onError: failed })}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {p.additionalInfo.map((info, index) => (
                <Table.Tr key={`info-${index}`}>
                  <Table.Td>{info.filename ?? 'Additional context'}</Table.Td>
                  <Table.Td>{info.characters.toLocaleString('en-US')} characters</Table.Td>
                  <Table.Td>{info.isCompetitor && <Badge color="orange">Competitor</Badge>}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => removeContent.mutate({ profileId: p._id, additionalInfoIndex: index }, { onSuccess: saved, onError: failed })}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <RootUrlInput value={adding} onChange={setAdding} />
          <Group justify="flex-end">
            <Button
              disabled={adding.length === 0}
              loading={update.isPending && (update.variables?.addRootUrls?.length ?? 0) > 0}
              onClick={() => update.mutate({ profileId: p._id, addRootUrls: adding }, { onSuccess: () => (setAdding([]), notify.success(KNOWLEDGE_MESSAGES.createStarted)), onError: failed })}
            >
              Add and crawl
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            Sources read ({p.sources.length})
          </Title>
          {p.sources.length === 0 && <Text c="dimmed">No results.</Text>}
          <Table>
            <Table.Tbody>
              {p.sources.map((s) => (
                <Table.Tr key={s._id}>
                  <Table.Td>
                    <Badge variant="light" size="sm">
                      {s.kind}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {s.url ? (
                      <Anchor href={s.url} target="_blank" rel="noreferrer" size="sm">
                        {s.title ?? s.url}
                      </Anchor>
                    ) : (
                      (s.title ?? 'Additional context')
                    )}
                  </Table.Td>
                  <Table.Td>{s.isCompetitor && <Badge color="orange">Competitor</Badge>}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {s.chunks} passages
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
    </Stack>
  );
}
