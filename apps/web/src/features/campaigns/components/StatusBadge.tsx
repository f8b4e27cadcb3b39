import { Badge, Tooltip } from '@mantine/core';
import type { CampaignStatus } from '@leadline/shared/campaigns/index';

const COLORS: Record<CampaignStatus, string> = { draft: 'gray', active: 'teal', paused: 'yellow', completed: 'blue', archived: 'dark' };

/** A campaign's state, with the reason it was paused by the system (out of credits) on hover and beside it. */
export function StatusBadge({ status, reason }: { status: CampaignStatus; reason?: string | null }) {
  const badge = (
    <Badge color={COLORS[status]} variant="light">
      {status}
    </Badge>
  );
  return reason ? <Tooltip label={reason}>{badge}</Tooltip> : badge;
}
