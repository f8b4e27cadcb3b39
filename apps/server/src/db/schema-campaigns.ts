import type { ColumnType, Generated } from 'kysely';
import type { CampaignLeadStatus, CampaignStatus, CampaignStepType } from '@leadline/shared/campaigns/index';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Optional<T> = ColumnType<T | null, T | string | null | undefined, T | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type StoredSchedule = { timezone: string; days: number[]; start: string; end: string; useLeadTimezone: boolean };
export type StoredVariant = { subject?: string; body: string; weight: number };

/** See migration 0160. */
export interface CampaignsTable {
  id: Generated<string>;
  team_id: string;
  created_by: string | null;
  name: string;
  status: ColumnType<CampaignStatus, CampaignStatus | undefined, CampaignStatus>;
  status_reason: Optional<string>;
  schedule: Json<StoredSchedule>;
  daily_limit: number;
  min_gap_seconds: number;
  jitter_seconds: number;
  auto_reply_delay_days: number;
  allow_active_elsewhere: Generated<boolean>;
  track_opens: Generated<boolean>;
  track_clicks: Generated<boolean>;
  /** Whether the footer shows the unsubscribe link (migration 0250). */
  unsubscribe_footer: Generated<boolean>;
  launched_at: Optional<Date>;
  completed_at: Optional<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CampaignListsTable {
  campaign_id: string;
  list_id: string;
}

export interface CampaignMailboxesTable {
  campaign_id: string;
  account_id: string;
}

export interface CampaignStepsTable {
  id: Generated<string>;
  campaign_id: string;
  position: number;
  type: CampaignStepType;
  delay_days: number;
  business_days: Generated<boolean>;
  subject: string | null;
  body: string | null;
  variants: ColumnType<StoredVariant[] | null, string | null, string | null>;
  new_thread: Generated<boolean>;
}

export interface CampaignLeadsTable {
  id: Generated<string>;
  campaign_id: string;
  team_id: string;
  contact_id: string;
  email: string | null;
  status: CampaignLeadStatus;
  skip_reason: string | null;
  /** Position of the next step; null once the lead is done. */
  next_position: number | null;
  next_at: Optional<Date>;
  /** The mailbox that sent its first email: follow-ups keep the thread in one mailbox. */
  mailbox_id: string | null;
  thread_subject: string | null;
  thread_message_ids: ColumnType<string[], string[] | undefined, string[]>;
  soft_bounces: Generated<number>;
  last_sent_at: Optional<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type CampaignSendStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

export interface CampaignSendsTable {
  id: Generated<string>;
  campaign_id: string;
  lead_id: string;
  team_id: string;
  step_position: number;
  variant: Generated<number>;
  mailbox_id: string | null;
  /** Chosen before the SMTP conversation, so a retry can look for it in Sent. */
  message_id: string;
  to_address: string;
  subject: string;
  body: string;
  /** Set on a follow-up in the thread: the Message-ID it answers, and the thread's ids. */
  in_reply_to: string | null;
  references: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<CampaignSendStatus, CampaignSendStatus | undefined, CampaignSendStatus>;
  attempts: Generated<number>;
  charge_id: string | null;
  error: string | null;
  due_at: Timestamp;
  sent_at: Optional<Date>;
  opened_at: Optional<Date>;
  clicked_at: Optional<Date>;
  replied_at: Optional<Date>;
  bounced_at: Optional<Date>;
  unsubscribed_at: Optional<Date>;
  created_at: Generated<Date>;
}

export interface CampaignLeadEventsTable {
  id: Generated<string>;
  lead_id: string;
  kind: string;
  detail: string | null;
  step_position: number | null;
  at: Timestamp;
}

export interface SuppressionsTable {
  team_id: string;
  /** Lower-cased. */
  email: string;
  reason: string;
  created_at: Generated<Date>;
}

/** Exit detection's place in a mailbox's synced mail (migration 0161). */
export interface CampaignMailScansTable {
  account_id: string;
  last_created_at: Timestamp;
  last_message_id: string;
}

/** See migration 0211. */
export interface CampaignTasksTable {
  id: Generated<string>;
  campaign_id: string;
  lead_id: string;
  team_id: string;
  step_position: number;
  type: CampaignStepType;
  instructions: string | null;
  status: ColumnType<'open' | 'done' | 'cancelled', 'open' | 'done' | 'cancelled' | undefined, 'open' | 'done' | 'cancelled'>;
  done_by: Optional<string>;
  done_at: Optional<Date>;
  created_at: Generated<Date>;
}
