import { z } from 'zod';
import { text, trimmedText } from '../primitives.js';

/** Mailboxes (spec/settings.md §2 Accounts tab, §3 Email account, §7 "Email accounts"). */
export const MAIL_PROVIDERS = ['imap', 'gmail', 'outlook'] as const;
export const MailProvider = z.enum(MAIL_PROVIDERS);
export type MailProvider = z.infer<typeof MailProvider>;

/** §5: a mailbox sends at most 100 a day; new ones start lower. */
export const MAIL_DAILY_CAPACITY = { min: 1, max: 100, default: 30 } as const;

const host = trimmedText().min(1).max(253).regex(/^[A-Za-z0-9.\-:[\]]+$/, 'Enter a host name or an IP address.');
export const MailServerSettings = z.object({
  host,
  port: z.coerce.number().int().min(1).max(65535),
  /** TLS from the first byte (993, 465); false means STARTTLS when the server offers it. */
  secure: z.boolean(),
});
export type MailServerSettings = z.infer<typeof MailServerSettings>;

/** POST /api/v1/mail/imap/connect: "Other (IMAP/SMTP)" in the Add Account dialog. */
export const ImapConnectBody = z.object({
  emailAddress: trimmedText().toLowerCase().pipe(z.email()),
  name: trimmedText().max(200).default(''),
  username: trimmedText().min(1).max(320),
  password: text().min(1).max(1000),
  imap: MailServerSettings,
  smtp: MailServerSettings,
});
export type ImapConnectBody = z.infer<typeof ImapConnectBody>;

/** An email account as the account list shows it (spec/settings.md §3). */
export const EmailAccount = z.object({
  _id: z.string(),
  emailAddress: z.string(),
  name: z.string(),
  title: z.string(),
  account: MailProvider,
  isConnected: z.boolean(),
  /** Why the last login failed, while disconnected. */
  disconnectedReason: z.string().nullable(),
  dailyCapacity: z.number().int(),
  availableCapacity: z.number().int(),
  isActive: z.boolean(),
  isAutoOppEnabled: z.boolean(),
  managedDeliverabilityStatus: z.enum(['active', 'paused']).nullable(),
});
export type EmailAccount = z.infer<typeof EmailAccount>;

export const ImapConnectResponse = z.object({ data: z.object({ account: EmailAccount }) });
export const EmailAccountsResponse = z.object({ data: z.array(EmailAccount) });
