import { isZapierHook, ZAPIER_MESSAGES, type ZapierSettings } from '@leadline/shared';
import { ActionIcon, Alert, Button, Card, Checkbox, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { useSaveSettings, useServiceSettings, useZapierTest } from '../api';

/** /settings/zapier: auto-push, the webhook list, and Test Trigger (spec/settings.md §2, §4, §5). */
export function ZapierSettingsPage() {
  const settings = useServiceSettings<ZapierSettings>('zapier');
  const save = useSaveSettings<ZapierSettings>('zapier');
  const test = useZapierTest();
  const [checkedAutoPush, setAutoPush] = useState<boolean | null>(null);
  const autoPush = checkedAutoPush ?? settings.data?.options.autoPushEnabled ?? false;
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);

  const links = settings.data?.links ?? [];
  const saveLinks = (next: string[], messages: { ok: string; failed: string }, after?: () => void) =>
    save.mutate(
      { links: next.map((l) => ({ link: l })) },
      {
        onSuccess: () => {
          notify.success(messages.ok);
          after?.();
        },
        onError: () => notify.error(messages.failed),
      },
    );
  const add = () => {
    const value = link.trim();
    if (!value) return;
    if (!isZapierHook(value)) return setLinkError(ZAPIER_MESSAGES.invalidLink);
    setLinkError(null);
    saveLinks([...links.map((l) => l.link), value], { ok: ZAPIER_MESSAGES.webhookAdded, failed: ZAPIER_MESSAGES.webhookAddFailed }, () => setLink(''));
  };

  return (
    <Stack gap="lg" maw={760}>
      <Group>
        <Button component={Link} to="/settings?tab=integrations" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      </Group>
      <Title order={2}>Zapier</Title>
      {settings.error && <Alert color="red">{ZAPIER_MESSAGES.loadFailed}</Alert>}
      {settings.isPending ? (
        <Loader />
      ) : (
        <>
          <Card withBorder padding="lg" radius="md" component="section" aria-label="Push contacts">
            <Stack gap="sm">
              <Text fw={600}>Push contacts</Text>
              <Checkbox label="Send newly enriched contacts to my webhooks automatically" checked={autoPush} onChange={(e) => setAutoPush(e.currentTarget.checked)} />
              <Group>
                <Button
                  disabled={autoPush === (settings.data?.options.autoPushEnabled ?? false) || save.isPending}
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { options: { autoPushEnabled: autoPush } },
                      { onSuccess: () => notify.success(ZAPIER_MESSAGES.autoPushSaved), onError: () => notify.error(ZAPIER_MESSAGES.autoPushFailed) },
                    )
                  }
                >
                  Save
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder padding="lg" radius="md" component="section" aria-label="Webhooks">
            <Stack gap="sm">
              <Text fw={600}>Webhooks</Text>
              <Text size="sm" c="dimmed">
                In Zapier, start a Zap with "Webhooks by Zapier → Catch Hook" and paste its URL here.
              </Text>
              <Group align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  aria-label="Webhook URL"
                  placeholder="https://hooks.zapier.com/hooks/catch/123456/abcdef/"
                  value={link}
                  error={linkError}
                  onChange={(e) => {
                    setLink(e.currentTarget.value);
                    setLinkError(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') add();
                  }}
                />
                <Button onClick={add} disabled={link.trim() === ''} loading={save.isPending}>
                  Add
                </Button>
              </Group>
              {links.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No webhooks yet.
                </Text>
              ) : (
                <Table aria-label="Zapier webhooks">
                  <Table.Tbody>
                    {links.map((l) => (
                      <Table.Tr key={l.id}>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{l.link}</Table.Td>
                        <Table.Td w={48}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${l.link}`}
                            onClick={() => saveLinks(links.filter((x) => x.id !== l.id).map((x) => x.link), { ok: ZAPIER_MESSAGES.webhookRemoved, failed: ZAPIER_MESSAGES.webhookRemoveFailed })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Group>
                <Button
                  variant="default"
                  disabled={links.length === 0}
                  loading={test.isPending}
                  onClick={() => test.mutate(undefined, { onSuccess: () => notify.success(ZAPIER_MESSAGES.testSent), onError: () => notify.error(ZAPIER_MESSAGES.testFailed) })}
                >
                  Test Trigger
                </Button>
              </Group>
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
