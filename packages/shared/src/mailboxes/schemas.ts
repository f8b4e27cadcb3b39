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

/** Gmail and Outlook connect through OAuth 2 (spec/settings.md §7: GET /mail/{provider}/auth, /oauth2callback). */
export const MAIL_OAUTH_PROVIDERS = ['gmail', 'outlook'] as const;
export const MailOAuthProvider = z.enum(MAIL_OAUTH_PROVIDERS);
export type MailOAuthProvider = z.infer<typeof MailOAuthProvider>;
export const MailOAuthParams = z.object({ provider: MailOAuthProvider });
/** The address to reconnect, handed to the provider as a login hint. */
export const MailOAuthAuthQuery = z.object({ emailAddress: trimmedText().max(320).optional() });
export const MailOAuthUrlResponse = z.object({ data: z.object({ url: z.string() }) });
export const MailOAuthCallbackQuery = z.object({
  code: trimmedText().min(1, 'The sign-in was not approved').max(4000),
  state: trimmedText().min(1).max(2000),
  scope: text().max(4000).optional(),
});
export type MailOAuthCallbackQuery = z.infer<typeof MailOAuthCallbackQuery>;

export const MAIL_OAUTH_LABEL: Record<MailOAuthProvider, { label: string; company: string; variables: string }> = {
  gmail: { label: 'Gmail', company: 'Google', variables: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' },
  outlook: { label: 'Outlook', company: 'Microsoft', variables: 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET' },
};

export const MAIL_OAUTH_MESSAGES = {
  notConfigured: (p: MailOAuthProvider) =>
    `This server has no ${MAIL_OAUTH_LABEL[p].label} app configured: its administrator has to set ${MAIL_OAUTH_LABEL[p].variables}. Meanwhile you can connect the mailbox with Other (IMAP/SMTP) and an app password.`,
  badState: 'This sign-in link has expired or was started by someone else. Start again from Settings → Accounts.',
  refused: (p: MailOAuthProvider, reason: string) => `${MAIL_OAUTH_LABEL[p].company} did not accept the sign-in (${reason}). Please try again.`,
  noEmail: (p: MailOAuthProvider) => `${MAIL_OAUTH_LABEL[p].company} did not tell which email address signed in. Please try again and allow access to your email address.`,
  noRefreshToken: (p: MailOAuthProvider) =>
    `${MAIL_OAUTH_LABEL[p].company} did not grant lasting access to the mailbox. Remove Leadline's access in your ${MAIL_OAUTH_LABEL[p].company} account settings, then connect again.`,
} as const;
