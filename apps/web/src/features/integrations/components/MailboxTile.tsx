import { MAIL_OAUTH_LABEL, MAIL_OAUTH_MESSAGES, type IntegrationCard, type MailOAuthProvider } from '@leadline/shared';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useEmailAccounts, useMailProviders } from '../../mailboxes/api';
import { OAuthSignIn } from '../../mailboxes/components/AddAccountDialog';

/** The integration cards' keys for the two mail providers. */
export const MAIL_CARD_PROVIDER: Record<string, MailOAuthProvider> = { google: 'gmail', microsoft: 'outlook' };

/**
 * A Gmail or Outlook card (Settings → Integrations and onboarding's integrations step): the
 * mailboxes' own OAuth sign-in (Settings → Accounts → Add Account) when the server has that
 * provider's app, else it says it has none and points to an app password.
 */
export function MailboxTile({ card, provider }: { card: IntegrationCard; provider: MailOAuthProvider }) {
  const providers = useMailProviders();
  const accounts = useEmailAccounts();
  const connected = (accounts.data ?? []).filter((account) => account.account === provider);
  const configured = providers.data?.[provider];
  const { label } = MAIL_OAUTH_LABEL[provider];
  return (
    <Card withBorder padding="md" radius="md" aria-label={card.label} component="section">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{card.label}</Text>
          {connected.length > 0 && <Badge color="teal">Connected</Badge>}
          {providers.data && !configured && connected.length === 0 && <Badge color="gray">Not configured</Badge>}
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {card.description}
        </Text>
        {connected.map((account) => (
          <Text key={account._id} size="xs" c="dimmed">
            Connected as {account.emailAddress}
          </Text>
        ))}
        {providers.data && !configured && (
          <>
            <Text size="xs" c="dimmed">
              {MAIL_OAUTH_MESSAGES.notConfigured(provider)}
            </Text>
            <Group>
              <Button size="xs" variant="default" component={Link} to="/settings?tab=accounts">
                Connect with an app password
              </Button>
            </Group>
          </>
        )}
        {configured && <OAuthSignIn provider={provider} label={connected.length > 0 ? `Add another ${label} mailbox` : `Sign in with ${MAIL_OAUTH_LABEL[provider].company}`} />}
      </Stack>
    </Card>
  );
}
