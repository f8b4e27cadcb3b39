import type { CampaignDto } from '@leadline/shared/campaigns/index';
import { Group, Switch } from '@mantine/core';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CAMPAIGN_SCREEN_MESSAGES, useUpdateCampaign } from '../api';

type Toggle = 'trackOpens' | 'trackClicks' | 'unsubscribeFooter';
const TOGGLES: Array<[Toggle, string]> = [
  ['trackOpens', 'Track opens'],
  ['trackClicks', 'Track clicks'],
  ['unsubscribeFooter', 'Unsubscribe link in the footer'],
];

/** An existing campaign's tracking and footer switches; a change applies to the emails sent after it. */
export function TrackingSettings({ campaign }: { campaign: CampaignDto }) {
  const update = useUpdateCampaign(campaign.id);
  return (
    <Group gap="lg">
      {TOGGLES.map(([key, label]) => (
        <Switch
          key={key}
          label={label}
          checked={campaign[key]}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ [key]: e.currentTarget.checked }, { onError: (error) => notify.error(isApiError(error) ? error.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed) })}
        />
      ))}
    </Group>
  );
}
