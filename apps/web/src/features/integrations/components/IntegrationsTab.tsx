import { INTEGRATION_CARDS, INTEGRATION_MESSAGES, isCrmService, type IntegrationCard, type OAuthService } from '@leadline/shared';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { connectFailure, useConnect, useDisconnect, useIntegrations, type IntegrationStatus } from '../api';
import { MAIL_CARD_PROVIDER, MailboxTile } from './MailboxTile';
import { SlackDialog } from './SlackDialog';

const CATEGORY_ORDER: IntegrationCard['category'][] = ['CRM', 'Automation', 'Messaging', 'Email and calendar', 'Social', 'Browser'];

/** What a card whose feature lives elsewhere in the product says until that part is built. */
const ELSEWHERE: Record<string, string> = {
  chrome: 'The Leadline browser extension is not published yet.',
  linkedin: 'LinkedIn accounts are connected from the Accounts tab once the LinkedIn inbox is available.',
};

/** /settings?tab=integrations: every integration grouped by category (spec/settings.md §2). */
export function IntegrationsTab() {
  const status = useIntegrations();
  const [params, setParams] = useSearchParams();
  // `?slack` (the return from Slack's install page) opens the dialog until it is closed.
  const [slackChosen, setSlackOpen] = useState(false);
  const slackOpen = slackChosen || params.get('slack') !== null;
  const byService = new Map((status.data ?? []).map((s) => [s.service as string, s]));
  const crm = status.data?.find((s) => isCrmService(s.service) && s.connected);

  if (status.error) return <Alert color="red">{INTEGRATION_MESSAGES.authDataFailed}</Alert>;

  return (
    <Stack gap="xl">
      {CATEGORY_ORDER.map((category) => (
        <Stack key={category} gap="sm">
          <Title order={3} size="h4">
            {category}
          </Title>
          {category === 'CRM' && (
            <Alert icon={<IconInfoCircle size={18} />} color="indigo" variant="light">
              A team connects one CRM at a time. Members may push prospects to it; for team sync, connect with a CRM admin account. Contacts you push are
              matched by email, so pushing again updates them instead of creating duplicates.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {INTEGRATION_CARDS.filter((c) => c.category === category).map((card) => {
              // Gmail and Outlook connect mailboxes, through the same sign-in as Settings → Accounts.
              const provider = MAIL_CARD_PROVIDER[card.key];
              if (provider) return <MailboxTile key={card.key} card={card} provider={provider} />;
              return <IntegrationTile key={card.key} card={card} status={byService.get(card.key)} otherCrm={crm && crm.service !== card.key ? crm : undefined} onSlack={() => setSlackOpen(true)} />;
            })}
          </SimpleGrid>
        </Stack>
      ))}
      {slackOpen && (
        <SlackDialog
          startAtChannel={params.get('slack') === 'installed'}
          onClose={() => {
            setSlackOpen(false);
            if (params.get('slack') !== null) setParams({ tab: 'integrations' }, { replace: true });
          }}
        />
      )}
    </Stack>
  );
}

export function IntegrationTile({ card, status, otherCrm, onSlack }: { card: IntegrationCard; status: IntegrationStatus | undefined; otherCrm: IntegrationStatus | undefined; onSlack: () => void }) {
  const connect = useConnect();
  const disconnect = useDisconnect();
  const crm = isCrmService(card.key);
  const connected = status?.connected ?? false;

  let action: React.ReactNode;
  if (card.disabled) {
    action = (
      <Button size="xs" variant="default" disabled>
        Coming soon
      </Button>
    );
  } else if (ELSEWHERE[card.key]) {
    action = (
      <Tooltip label={ELSEWHERE[card.key]} multiline maw={280} withArrow>
        <Button size="xs" variant="default" data-disabled onClick={(e) => e.preventDefault()}>
          Not available yet
        </Button>
      </Tooltip>
    );
  } else if (card.key === 'zapier') {
    action = (
      <Button size="xs" variant="light" component={Link} to="/settings/zapier">
        Manage
      </Button>
    );
  } else if (card.key === 'slack') {
    action = (
      <Button size="xs" variant={connected ? 'light' : 'filled'} onClick={onSlack} disabled={!status?.configured && !connected}>
        {connected ? 'Settings' : 'Set up'}
      </Button>
    );
  } else if (crm && connected) {
    action = (
      <Group gap="xs">
        <Button size="xs" variant="light" component={Link} to={`/settings/${card.key}`}>
          Manage
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          loading={disconnect.isPending}
          onClick={() =>
            disconnect.mutate(card.key as 'hubspot', {
              onSuccess: () => notify.success(INTEGRATION_MESSAGES.disconnected),
              onError: () => notify.error(INTEGRATION_MESSAGES.disconnectFailed(card.label)),
            })
          }
        >
          Disconnect
        </Button>
      </Group>
    );
  } else if (crm) {
    const button = (
      <Button
        size="xs"
        disabled={!status?.configured || otherCrm !== undefined}
        loading={connect.isPending}
        onClick={() => connect.mutate(card.key as OAuthService, { onError: (error) => notify.error(connectFailure(error, card.key as OAuthService)) })}
      >
        Connect
      </Button>
    );
    action = otherCrm ? (
      <Tooltip label={INTEGRATION_MESSAGES.oneCrm} withArrow>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  }

  return (
    <Card withBorder padding="md" radius="md" aria-label={card.label} component="section">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{card.label}</Text>
          {connected && <Badge color="teal">Connected</Badge>}
          {!card.disabled && status && !status.configured && !connected && <Badge color="gray">Not configured</Badge>}
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {card.description}
        </Text>
        {status?.accountEmail && (
          <Text size="xs" c="dimmed">
            Connected as {status.accountEmail}
          </Text>
        )}
        {status && !status.configured && !connected && (
          <Text size="xs" c="dimmed">
            {INTEGRATION_MESSAGES.notConfigured(card.label)}
          </Text>
        )}
        <Group>{action}</Group>
      </Stack>
    </Card>
  );
}
