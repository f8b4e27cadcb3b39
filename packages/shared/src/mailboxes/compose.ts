import { z } from 'zod';
import { storableText, trimmedText } from '../primitives.js';
import { InboxMessage } from './inbox.js';

/** Writing mail: POST /mail/gmail/send (spec/engage.md §2 Inbox, §7 Inbox). */
export const SEND_TYPES = ['new', 'reply', 'forward'] as const;
export const SendType = z.enum(SEND_TYPES);
export type SendType = z.infer<typeof SendType>;

/**
 * What one message may carry. 25 MB of attachments is what Gmail and Outlook accept; the HTML
 * body is what the editor writes, quotes included.
 */
export const COMPOSE_LIMITS = {
  attachmentBytes: 25 * 1024 * 1024,
  attachments: 20,
  recipients: 100,
  htmlBytes: 2 * 1024 * 1024,
  subjectLength: 998,
  /** Images shown inside the text (§2 Inbox: up to 3 of 5 MB), counted in the 25 MB too. */
  inlineImages: 3,
  inlineImageBytes: 5 * 1024 * 1024,
} as const;

/** The image types a mail client shows inline. */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** How an inline image part is named: the token its `cid:` reference in the HTML uses. */
export const INLINE_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const COMPOSE_MESSAGES = {
  noRecipient: 'Add at least one recipient in To, Cc or Bcc.',
  badAddress: (address: string) => `“${address}” is not a valid email address.`,
  tooManyRecipients: `A message goes to at most ${COMPOSE_LIMITS.recipients} addresses in each of To, Cc and Bcc.`,
  attachmentsTooLarge: `Attachments may add up to ${megabytes(COMPOSE_LIMITS.attachmentBytes)} per message.`,
  tooManyAttachments: `A message carries at most ${COMPOSE_LIMITS.attachments} attachments.`,
  bodyTooLarge: `The message text may be at most ${megabytes(COMPOSE_LIMITS.htmlBytes)}.`,
  answerNeedsOriginal: 'A reply or a forward names the message it answers (replyToId).',
  notMultipart: 'Send the message as multipart/form-data.',
  tooManyInlineImages: `A message shows at most ${COMPOSE_LIMITS.inlineImages} images in its text; attach the others.`,
  inlineImageTooLarge: `An image in the text may be at most ${megabytes(COMPOSE_LIMITS.inlineImageBytes)}; attach larger ones.`,
  inlineImageType: 'Images in the text are PNG, JPEG, GIF or WebP.',
  unknownField: (name: string) => `Unknown field “${name}”.`,
  replyFromOtherMailbox: (address: string) => `Reply from ${address}, the mailbox that received the message, so the reply stays in its thread.`,
  mailboxInactive: (address: string) => `${address} is switched off in Settings → Accounts. Switch it on to send from it.`,
} as const;

/** An email address as typed in To, Cc or Bcc: one address, no display name. */
export const isEmailAddress = (value: string) => z.email().safeParse(value).success;

const addressList = (field: string) =>
  z
    .string()
    .default('[]')
    .transform((value, ctx) => {
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed) && parsed.every((a) => typeof a === 'string')) return parsed.map((a) => a.trim()).filter(Boolean);
      } catch {
        // reported below
      }
      ctx.issues.push({ code: 'custom', message: `${field} is a JSON array of email addresses, such as ["ann@example.com"].`, input: value });
      return z.NEVER;
    })
    .pipe(
      z
        .array(z.string())
        .max(COMPOSE_LIMITS.recipients, COMPOSE_MESSAGES.tooManyRecipients)
        .superRefine((addresses, ctx) => {
          const bad = addresses.find((a) => !isEmailAddress(a));
          if (bad !== undefined) ctx.addIssue({ code: 'custom', message: COMPOSE_MESSAGES.badAddress(bad) });
        }),
    );

/**
 * The text fields of POST /mail/gmail/send, as multipart sends them (arrays as JSON). The files
 * travel as `attachments` parts, images shown in the text as `inlineImages` parts named by the
 * token their `cid:` reference in the HTML uses; a forward carries the original's attachments,
 * or only those whose indexes `forwardAttachments` lists.
 */
export const SendMailFields = z
  .object({
    from: trimmedText().toLowerCase().pipe(z.email()),
    to: addressList('to'),
    cc: addressList('cc'),
    bcc: addressList('bcc'),
    subject: trimmedText().max(COMPOSE_LIMITS.subjectLength).default(''),
    html: storableText().max(COMPOSE_LIMITS.htmlBytes, COMPOSE_MESSAGES.bodyTooLarge).default(''),
    sendType: SendType.default('new'),
    replyToId: z.uuid().optional(),
    forwardAttachments: z
      .string()
      .transform((value, ctx) => {
        try {
          const parsed: unknown = JSON.parse(value);
          if (Array.isArray(parsed) && parsed.every((i) => Number.isInteger(i) && i >= 0 && i < 1000)) return parsed as number[];
        } catch {
          // reported below
        }
        ctx.issues.push({ code: 'custom', message: 'forwardAttachments is a JSON array of attachment indexes, such as [0, 2].', input: value });
        return z.NEVER;
      })
      .optional(),
  })
  .superRefine((fields, ctx) => {
    if (fields.to.length + fields.cc.length + fields.bcc.length === 0) ctx.addIssue({ code: 'custom', path: ['to'], message: COMPOSE_MESSAGES.noRecipient });
    if (fields.sendType !== 'new' && !fields.replyToId) ctx.addIssue({ code: 'custom', path: ['replyToId'], message: COMPOSE_MESSAGES.answerNeedsOriginal });
  });
export type SendMailFields = z.infer<typeof SendMailFields>;

/** The fields a client may send (anything else is refused, so a typo is not silently dropped). */
export const SEND_MAIL_FIELD_NAMES = ['from', 'to', 'cc', 'bcc', 'subject', 'html', 'sendType', 'replyToId', 'forwardAttachments'] as const;

/** The subject of an answer: "Re: " or "Fwd: " in front, once. */
export function answerSubject(sendType: SendType, subject: string): string {
  if (sendType === 'reply') return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
  if (sendType === 'forward') return /^(fwd?|fw):/i.test(subject) ? subject : `Fwd: ${subject}`;
  return subject;
}

/** The sent message as stored in Sent (null when the server could not tell where it filed it: the sync brings it). */
export const SendMailResponse = z.object({ data: z.object({ messageId: z.string(), message: InboxMessage.nullable() }) });
export type SendMailResponse = z.infer<typeof SendMailResponse>;
