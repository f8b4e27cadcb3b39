import { Badge, Text, Tooltip } from '@mantine/core';
import type { CampaignLeadDto, CampaignLeadStatus } from '@leadline/shared/campaigns/index';

const LABELS: Record<CampaignLeadStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  replied: 'Replied',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  stopped: 'Stopped',
  skipped: 'Skipped',
  failed: 'Failed',
  interested: 'Interested',
};
const COLORS: Partial<Record<CampaignLeadStatus, string>> = { active: 'teal', interested: 'green', replied: 'teal', failed: 'red', bounced: 'red' };

/** A lead's status in the leads table, with why it was skipped or failed on a second line (and on hover). */
export function LeadStatus({ lead }: { lead: Pick<CampaignLeadDto, 'status' | 'skipReason' | 'failure'> }) {
  const reason = lead.status === 'failed' && lead.failure ? `Step ${lead.failure.step + 1}: ${lead.failure.reason}` : lead.skipReason;
  const badge = (
    <Badge variant="light" color={COLORS[lead.status] ?? 'gray'}>
      {LABELS[lead.status]}
    </Badge>
  );
  return (
    <>
      {reason ? <Tooltip label={reason} multiline maw={360}>{badge}</Tooltip> : badge}
      {reason && (
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {reason}
        </Text>
      )}
    </>
  );
}
