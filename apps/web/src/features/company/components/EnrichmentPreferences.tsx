import {
  ENRICHMENT_PREFERENCE_LABELS,
  ENRICHMENT_PREFERENCE_MESSAGES,
  ENRICHMENT_PREFERENCES,
  emailCost,
  enrichmentPreferenceOf,
  type EnrichmentPreferenceId,
} from '@leadline/shared';
import { Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';
import { useUpdateUserInfo } from '../api';

const CHOICES = Object.keys(ENRICHMENT_PREFERENCES) as EnrichmentPreferenceId[];

const DESCRIPTIONS: Record<EnrichmentPreferenceId, string> = {
  work_emails: 'Work emails from your own database and company email patterns.',
  work_emails_premium: 'Work emails, also asking the premium data provider when it is set up.',
  personal_emails_premium: 'Personal emails first, then work emails, with the premium data provider.',
};

/** Settings → Accounts → Enrichment Preferences: how the whole team's enrichment finds emails, and its price. */
export function EnrichmentPreferences() {
  const { user } = useCurrentUser();
  const saved = enrichmentPreferenceOf(user);
  const [choice, setChoice] = useState<EnrichmentPreferenceId | null>(saved);
  const update = useUpdateUserInfo();

  const save = () =>
    choice &&
    update.mutate(
      { enrichmentPreferenceId: choice },
      {
        onSuccess: () => notify.success(ENRICHMENT_PREFERENCE_MESSAGES.saved),
        onError: () => notify.error(ENRICHMENT_PREFERENCE_MESSAGES.saveFailed),
      },
    );

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={3} fz="h4">
            Enrichment Preferences
          </Title>
          <Text size="sm" c="dimmed">
            How enrichment finds emails for everyone in your team. Credits are charged per email found.
          </Text>
        </div>
        <Radio.Group value={choice} onChange={(value) => setChoice(value as EnrichmentPreferenceId)} aria-label="Enrichment preference">
          <Stack gap="sm">
            {CHOICES.map((id) => (
              <Radio.Card key={id} value={id} radius="md" p="md" aria-label={ENRICHMENT_PREFERENCE_LABELS[id]}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div style={{ flex: 1 }}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{ENRICHMENT_PREFERENCE_LABELS[id]}</Text>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {emailCost(ENRICHMENT_PREFERENCES[id])} credits per email
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {DESCRIPTIONS[id]}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button onClick={save} disabled={choice === null || choice === saved} loading={update.isPending}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
