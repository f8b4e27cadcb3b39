import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { CampaignUpdateBody, type CampaignDto } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CAMPAIGN_SCREEN_MESSAGES, useAudienceChoices, useUpdateCampaign } from '../api';
import { SenderScheduleFields, type SenderSchedule } from './SenderScheduleFields';
import { issueText } from './steps-input';

/** The details page's settings: who sends the campaign and when (a draft written by SalesGPT has no sender yet). */
export function CampaignSettingsModal({ campaign, onClose }: { campaign: CampaignDto; onClose: () => void }) {
  const { mailboxes } = useAudienceChoices();
  const update = useUpdateCampaign(campaign.id);
  const [value, setValue] = useState<SenderSchedule>({
    mailboxes: campaign.mailboxes,
    timezone: campaign.schedule.timezone,
    days: campaign.schedule.days.map(String),
    start: campaign.schedule.start,
    end: campaign.schedule.end,
    dailyLimit: campaign.dailyLimit,
  });
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const body = {
      mailboxes: value.mailboxes,
      schedule: { timezone: value.timezone, days: value.days.map(Number), start: value.start, end: value.end, useLeadTimezone: campaign.schedule.useLeadTimezone },
      dailyLimit: value.dailyLimit,
    };
    const parsed = CampaignUpdateBody.safeParse(body);
    if (!parsed.success) return setError(issueText(parsed.error.issues[0]!));
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Campaign settings saved');
        onClose();
      },
      onError: (e) => setError(isApiError(e) ? e.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Senders and schedule" size="lg">
      <Stack>
        <SenderScheduleFields
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }} mailboxes={[...new Set([...(mailboxes.data ?? []), ...campaign.mailboxes])]} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
