import { z } from 'zod';
import { text, trimmedText } from '../primitives.js';
import { Pagination } from '../team-management/schemas.js';
import { MAIL_DAILY_CAPACITY, MailProvider } from './schemas.js';

/** The inbox (spec/engage.md §2 Inbox, §3 Email message, §7 Inbox). */
export const INBOX_CATEGORIES = ['inbox', 'sent', 'favorite', 'archived', 'spam', 'trash', 'all'] as const;
export const InboxCategory = z.enum(INBOX_CATEGORIES);
export type InboxCategory = z.infer<typeof InboxCategory>;

/** §9: the inbox list shows 20 messages a page. */
export const INBOX_PAGE_SIZE = 20;

/** The list's filter: `true` (what the spec's client sends) is no extra condition. */
export const INBOX_FILTERS = ['true', 'unread', 'read', 'attachments'] as const;

export const InboxListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
  /** An account's `_id`; without it every mailbox of the caller. */
  mailBoxAccount: z.uuid().optional(),
  searchVal: trimmedText().max(200).optional(),
  filter: z.enum(INBOX_FILTERS).optional(),
});
export type InboxListQuery = z.input<typeof InboxListQuery>;

export const MailAddressDto = z.object({ name: z.string(), address: z.string() });
export type MailAddressDto = z.infer<typeof MailAddressDto>;

export const MailAttachmentDto = z.object({ index: z.number().int(), filename: z.string(), contentType: z.string(), size: z.number().int() });
export type MailAttachmentDto = z.infer<typeof MailAttachmentDto>;

/** One message of a list or thread: §3's five flags and the tags (IMAP keywords or Gmail labels). */
export const InboxMessage = z.object({
  _id: z.string(),
  accountId: z.string(),
  accountEmail: z.string(),
  threadId: z.string(),
  folder: z.enum(['inbox', 'sent', 'archive', 'junk', 'trash', 'other']),
  subject: z.string(),
  from: MailAddressDto,
  to: z.array(MailAddressDto),
  cc: z.array(MailAddressDto),
  date: z.string().nullable(),
  snippet: z.string(),
  isFavorite: z.boolean(),
  isRead: z.boolean(),
  isArchived: z.boolean(),
  isDeleted: z.boolean(),
  isSpam: z.boolean(),
  tags: z.array(z.string()),
  attachments: z.array(MailAttachmentDto),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/**
 * Totals are counted up to these numbers (a search for a common word matches most of a mailbox,
 * and counting every match costs seconds); past them `totalIsCapped` is true and the totals say
 * "at least".
 */
export const INBOX_COUNT_CAP = { folder: 10_000, search: 1_000 } as const;

export const InboxListResponse = z.object({ data: z.object({ messages: z.array(InboxMessage), pagination: Pagination, totalIsCapped: z.boolean() }) });
export type InboxListResponse = z.infer<typeof InboxListResponse>;

export const ThreadResponse = z.object({ data: z.object({ messages: z.array(InboxMessage) }) });
export type ThreadResponse = z.infer<typeof ThreadResponse>;

export const MessageBodyQuery = z.object({ showImages: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });

/**
 * A message's body for reading. `document` is a complete HTML document for a sandboxed
 * iframe's `srcdoc`: sanitized, with a strict Content-Security-Policy, remote images left out
 * unless asked for (`blockedImages` counts them).
 */
export const MessageBodyResponse = z.object({
  data: z.object({ message: InboxMessage, document: z.string(), text: z.string(), blockedImages: z.number().int() }),
});
export type MessageBodyResponse = z.infer<typeof MessageBodyResponse>;

/** The sandbox of the frame showing a mail: no scripts, no same-origin, no forms; links open in a new tab. */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export const MESSAGE_FLAGS = {
  markAsFavorite: 'isFavorite',
  markAsRead: 'isRead',
  markAsArchived: 'isArchived',
  markAsDeleted: 'isDeleted',
  markAsSpam: 'isSpam',
} as const;
export type MessageFlagAction = keyof typeof MESSAGE_FLAGS;
export const MessageFlagAction = z.enum(Object.keys(MESSAGE_FLAGS) as [MessageFlagAction, ...MessageFlagAction[]]);

export const FlagParams = z.object({ emailType: MailProvider, action: MessageFlagAction });

/** POST /inbox/{emailType}/markAs...: `_id` and the flag's new value (default true); userId and userAccount are the spec client's and unused. */
export const FlagBody = z.object({
  _id: z.uuid(),
  isFavorite: z.boolean().optional(),
  isRead: z.boolean().optional(),
  isArchived: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
  isSpam: z.boolean().optional(),
  userAccount: text().optional(),
});
export type FlagBody = z.input<typeof FlagBody>;
export const FlagResponse = z.object({ data: InboxMessage });

/** IMAP keywords are atoms: no spaces, brackets, quotes, % or *; Gmail labels follow the same rule here. */
export const InboxTag = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'A tag is letters, digits, ".", "_" or "-", without spaces.');
export const UpdateTagsBody = z.object({ _id: z.uuid(), tags: z.array(InboxTag).max(20) });
export type UpdateTagsBody = z.input<typeof UpdateTagsBody>;
export const InboxTagsResponse = z.object({ tags: z.array(z.string()) });

/** POST /mail/gmail/updateProfile (spec/settings.md §3 profile update fields). */
export const UpdateMailProfileBody = z.object({
  emailAddress: trimmedText().toLowerCase(),
  emailAccountType: MailProvider.optional(),
  newName: trimmedText().max(200).optional(),
  newTitle: trimmedText().max(200).optional(),
  /** §5: clamped to 1..100. */
  newCapacity: z.coerce
    .number()
    .int()
    .optional()
    .transform((v) => (v === undefined ? v : Math.min(MAIL_DAILY_CAPACITY.max, Math.max(MAIL_DAILY_CAPACITY.min, v)))),
});
export type UpdateMailProfileBody = z.input<typeof UpdateMailProfileBody>;

/** GET /mail/gmail/active?is_gmail&isActive&emailAddress: the mailbox-use switch. */
export const MailActiveQuery = z.object({
  emailAddress: trimmedText().toLowerCase(),
  isActive: z.enum(['true', 'false']).transform((v) => v === 'true'),
  is_gmail: text().optional(),
});

export const MailDisconnectParams = z.object({ provider: MailProvider });
export const MailDisconnectQuery = z.object({ emailAddress: trimmedText().toLowerCase() });

/** Which ways to connect a mailbox this server offers (Gmail and Outlook need their OAuth client ids). */
export const MailProvidersResponse = z.object({ data: z.object({ gmail: z.boolean(), outlook: z.boolean(), imap: z.literal(true) }) });

/** §5 guidance shown beside the capacity field. */
export const MAIL_CAPACITY_GUIDANCE = 'Send at most 50 emails per day per domain; new accounts should start at 5.';
