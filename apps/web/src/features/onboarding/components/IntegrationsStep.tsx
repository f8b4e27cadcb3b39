import { INTEGRATION_CARDS, isCrmService, type IntegrationCard } from '@leadline/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntegrations } from '../../integrations/api';
import { IntegrationTile } from '../../integrations/components/IntegrationsTab';
import { MAIL_CARD_PROVIDER, MailboxTile } from '../../integrations/components/MailboxTile';
import { SlackDialog } from '../../integrations/components/SlackDialog';
import { useEmailAccounts } from '../../mailboxes/api';

/** The step's cards in the spec's groups (spec/engage.md §2), from the integrations' own cards. */
const GROUPS: { title: string; keys: string[] }[] = [
  { title: 'Inbox', keys: ['google', 'microsoft'] },
  { title: 'CRM', keys: ['hubspot', 'salesforce'] },
  { title: 'Social', keys: ['linkedin', 'slack'] },
];
const cardsOf = (keys: string[]) => keys.map((key) => INTEGRATION_CARDS.find((card) => card.key === key)).filter((card): card is IntegrationCard => !!card);

/** Step 3, integrations: the real connect flows of Settings → Accounts (mailboxes) and Integrations; Skip/Next moves on. */
export function IntegrationsStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
  const status = useIntegrations();
  const [slackOpen, setSlackOpen] = useState(false);
  const byService = new Map((status.data ?? []).map((s) => [s.service as string, s]));
  const crm = status.data?.find((s) => isCrmService(s.service) && s.connected);
  const mailboxes = useEmailAccounts();
  const anyConnected = (status.data ?? []).some((s) => s.connected) || (mailboxes.data ?? []).length > 0;
  return (
    <Stack gap="lg">
      {status.error && <Alert color="red">{status.error.message}</Alert>}
      {GROUPS.map((group) => (
        <Stack key={group.title} gap="xs">
          <Title order={3} size="h5">
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {cardsOf(group.keys).map((card) => {
              const provider = MAIL_CARD_PROVIDER[card.key];
              if (provider) return <MailboxTile key={card.key} card={card} provider={provider} />;
              return <IntegrationTile key={card.key} card={card} status={byService.get(card.key)} otherCrm={crm && crm.service !== card.key ? crm : undefined} onSlack={() => setSlackOpen(true)} />;
            })}
          </SimpleGrid>
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        Everything here is also in Settings → Integrations and Accounts, whenever you are ready.
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext}>{anyConnected ? 'Next' : 'Skip'}</Button>
      </Group>
      {slackOpen && <SlackDialog onClose={() => setSlackOpen(false)} />}
    </Stack>
  );
}
