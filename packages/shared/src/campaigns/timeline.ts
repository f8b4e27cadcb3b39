import { z } from 'zod';
import { CAMPAIGN_LEAD_STATUSES } from './schemas.js';

/**
 * What a lead's timeline shows. The engine writes more kinds as it grows (tasks, refunds,
 * interested marks), so a kind is any string and the screens label the ones they know.
 */
export const CAMPAIGN_TIMELINE_LABELS: Record<string, string> = {
  enrolled: 'Enrolled',
  skipped: 'Skipped',
  scheduled: 'Scheduled',
  sent: 'Sent',
  opened: 'Opened',
  clicked: 'Clicked a link',
  replied: 'Replied',
  auto_reply: 'Automatic reply',
  soft_bounce: 'Soft bounce',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  failed: 'Failed to send',
  task: 'Task',
  task_done: 'Task done',
  interested: 'Marked interested',
  refunded: 'Credits refunded',
};

/** `GET /api/v1/campaigns/{id}/leads/{leadId}/timeline` */
export const CampaignLeadParams = z.object({ id: z.uuid(), leadId: z.uuid() });

export const CampaignTimelineEntry = z.object({
  at: z.string().describe('When it happened (for `scheduled`, when it is due)'),
  kind: z.string().describe('enrolled, skipped, scheduled, sent, opened, clicked, replied, auto_reply, soft_bounce, bounced, unsubscribed, failed, task, task_done, interested, or a kind the engine added later'),
  step: z.number().int().nullable().describe('Position of the step it belongs to (0 is the first), null for the lead itself'),
  detail: z.string().nullable().describe('The subject sent, the reason skipped, the error, the task text'),
});
export type CampaignTimelineEntry = z.infer<typeof CampaignTimelineEntry>;

export const CampaignTimelineResponse = z.object({
  data: z.object({
    lead: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable(), status: z.enum(CAMPAIGN_LEAD_STATUSES) }),
    entries: z.array(CampaignTimelineEntry),
  }),
});
export type CampaignTimeline = z.infer<typeof CampaignTimelineResponse>['data'];
