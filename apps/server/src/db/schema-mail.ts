import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint and numeric columns come back as strings from both drivers. */
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Json<T> = ColumnType<T, string, string>;

/** A connected mailbox; see migration 0050. */
export interface MailAccountsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  email_address: string;
  name: Generated<string>;
  title: Generated<string>;
  provider: 'imap' | 'gmail' | 'outlook';
  imap_host: string;
  imap_port: number;
  imap_secure: boolean;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  username: string;
  /** Sealed: the password, or with OAuth the refresh token (migration 0130). */
  secret: string;
  auth_method: Generated<'password' | 'oauth'>;
  /** Sealed OAuth access token and its expiry. */
  access_token: string | null;
  access_token_expires_at: Timestamp | null;
  daily_capacity: Generated<number>;
  is_active: Generated<boolean>;
  status: Generated<'connected' | 'disconnected'>;
  status_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type MailSpecialUse = 'inbox' | 'sent' | 'archive' | 'junk' | 'trash';

/** A synced IMAP folder and its sync state; see migration 0051. */
export interface MailFoldersTable {
  id: Generated<string>;
  account_id: string;
  path: string;
  special_use: MailSpecialUse | null;
  uidvalidity: Int8 | null;
  uidnext: Int8 | null;
  highestmodseq: Int8 | null;
  first_sync_done: Generated<boolean>;
  synced_at: Timestamp | null;
}

export type MailAddress = { name: string; address: string };
export type MailAttachmentMeta = { filename: string | null; contentType: string; size: number; contentId: string | null; partId: string | null };

/** A synced message; see migration 0052. */
export interface MailMessagesTable {
  id: Generated<string>;
  account_id: string;
  folder_id: string;
  uidvalidity: Int8;
  uid: Int8;
  modseq: Int8 | null;
  message_id: string | null;
  in_reply_to: string | null;
  references: ColumnType<string[], string[] | undefined, string[]>;
  thread_id: string;
  subject: Generated<string>;
  from_address: Generated<string>;
  from_name: Generated<string>;
  to_addresses: Json<MailAddress[]>;
  cc_addresses: Json<MailAddress[]>;
  sent_at: Timestamp | null;
  snippet: Generated<string>;
  text_body: Generated<string>;
  seen: Generated<boolean>;
  flagged: Generated<boolean>;
  answered: Generated<boolean>;
  keywords: ColumnType<string[], string[] | undefined, string[]>;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  attachments: Json<MailAttachmentMeta[]>;
  search: ColumnType<string, never, never>;
  /** A warm-up message (header X-Leadline-Warmup): kept, not shown in the inbox. */
  warmup: Generated<boolean>;
  /** Sent by a machine, by its headers (see migration 0212). */
  auto_submitted: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A mailbox's warm-up; see migration 0131. */
export interface MailWarmupsTable {
  account_id: string;
  status: 'active' | 'paused';
  shared_pool: Generated<boolean>;
  first_name: string;
  last_name: string;
  started_at: Generated<Date>;
  paused_reason: string | null;
  /** The month (YYYY-MM) whose warm-up credits are paid. */
  charged_month: string | null;
  updated_at: Generated<Date>;
}

/** One warm-up message between two pool mailboxes; see migration 0131. */
export interface MailWarmupMessagesTable {
  id: Generated<string>;
  token: string;
  sender_account_id: string;
  recipient_account_id: string;
  message_id: string;
  subject: string;
  is_reply: Generated<boolean>;
  wants_reply: Generated<boolean>;
  sent_at: Generated<Date>;
  landed: 'inbox' | 'junk' | null;
  tended_at: Timestamp | null;
}
