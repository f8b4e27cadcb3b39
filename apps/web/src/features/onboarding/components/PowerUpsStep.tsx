import { ONBOARDING_MESSAGES } from '@leadline/shared';
import { Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { useOnboardingState, useSaveAllowedDomains } from '../api';
import { DomainListInput } from './DomainListInput';

function Numbered({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge circle size="lg" variant="light">
          {n}
        </Badge>
        <Text fw={600}>{title}</Text>
      </Group>
      {children}
    </Stack>
  );
}

/** Step 4, power-ups: website visitor tracking (allowed domains, the script tag), Launch Workspace. */
export function PowerUpsStep({ onBack, onLaunch, launching }: { onBack: () => void; onLaunch: () => void; launching: boolean }) {
  const state = useOnboardingState();
  const save = useSaveAllowedDomains();
  const domains = state.data?.allowedDomains ?? [];
  const copyTag = () => {
    if (!state.data) return;
    navigator.clipboard.writeText(state.data.scriptTag).then(
      () => notify.success(ONBOARDING_MESSAGES.scriptCopied),
      () => notify.error('Your browser did not allow copying: select the tag and copy it by hand.'),
    );
  };
  const change = (next: string[], messages: { ok: string; failed: string }) =>
    save.mutate(next, { onSuccess: () => notify.success(messages.ok), onError: () => notify.error(messages.failed) });

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="lg">
          <div>
            <Title order={3} size="h4">
              Track website visitors
            </Title>
            <Text size="sm" c="dimmed">
              See which companies visit your website. The tag reports visits from the domains you allow here; identifying visitors starts once Website Intent is
              available on this server.
            </Text>
          </div>
          <Numbered n={1} title="Allowed Domains">
            <DomainListInput
              label="Domain"
              placeholder="yourcompany.com"
              domains={domains}
              busy={save.isPending || state.isPending}
              onAdd={(domain) => change([...domains, domain], { ok: ONBOARDING_MESSAGES.domainAdded, failed: ONBOARDING_MESSAGES.domainAddFailed })}
              onRemove={(domain) => change(domains.filter((d) => d !== domain), { ok: ONBOARDING_MESSAGES.domainRemoved, failed: ONBOARDING_MESSAGES.domainRemoveFailed })}
            />
          </Numbered>
          <Numbered n={2} title="Script Tag">
            <Text size="sm" c="dimmed">
              Paste it into the head of every page of your website.
            </Text>
            <Code block aria-label="Script tag" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {state.data?.scriptTag ?? '…'}
            </Code>
            <Button variant="default" leftSection={<IconCopy size={16} />} disabled={!state.data} onClick={copyTag} w="fit-content">
              Copy script tag
            </Button>
          </Numbered>
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button size="md" onClick={onLaunch} loading={launching}>
          Launch Workspace
        </Button>
      </Group>
    </Stack>
  );
}
