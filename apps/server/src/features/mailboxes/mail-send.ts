/**
 * Sends a message through a mailbox's own SMTP server (guarded socket), with its own
 * Message-ID, and for a reply In-Reply-To and References taken from the stored original, so
 * the reply threads in the recipient's client. The sent message is appended to the Sent
 * folder unless the server already put it there (Gmail and Outlook file what they relay).
 * HTML always travels with a plain-text alternative.
 */
import crypto from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { AppContext } from '../../lib/context.js';
import { credentialsFor, smtpServerOf, type MailAccountRow } from './mailbox-credentials.js';
import { connectMailbox } from './mailbox-login.js';
import { smtpTransport } from './mail-connections.js';
import { plainTextOf } from './mail-plain-text.js';
import * as repo from './mailboxes.repository.js';

export type OutgoingMail = {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text?: string;
  html?: string;
  /** The stored message (mail_messages.id) this answers. */
  replyToId?: string;
  /** Files read from `path` as the message is written (never loaded whole), or small `content`. */
  attachments?: OutgoingAttachment[];
  /** A Message-ID chosen by the caller (recorded before sending, so a retry can find the message in Sent). */
  messageId?: string;
  /** Extra header lines (List-Unsubscribe, In-Reply-To of a campaign thread, ...). */
  headers?: Record<string, string>;
  /** Without a stored original: the Message-ID answered (and its References). */
  inReplyTo?: { messageId: string; references: string[] };
  /**
   * Runs as soon as the SMTP server has taken the message, before the copy is filed in Sent: a
   * caller that must never send twice records the send here, so a crash while filing cannot
   * make a retry send again.
   */
  onAccepted?: () => Promise<void>;
};

/** `cid`: an image the HTML shows as `cid:` + this token. */
export type OutgoingAttachment = { filename: string; contentType?: string; path?: string; content?: Buffer; cid?: string };

/** Where the copy in Sent was filed, when the server said (UIDPLUS), with the bytes filed. */
export type SentCopy = { uid: number; uidValidity: string; raw: Buffer };

/** Servers that file relayed mail in Sent themselves. */
const SERVER_FILES_SENT = new Set(['gmail', 'outlook']);

const domainOf = (address: string) => address.split('@')[1] ?? 'localhost';

/** The References of a reply: the original's References, then the original's own Message-ID. */
export function replyHeaders(original: { message_id: string | null; references: string[] } | undefined) {
  if (!original?.message_id) return {};
  return { inReplyTo: original.message_id, references: [...original.references.filter((id) => id !== original.message_id), original.message_id] };
}

export async function sendMail(ctx: AppContext, account: MailAccountRow, mail: OutgoingMail): Promise<{ messageId: string; appendedToSent: boolean; sent?: SentCopy }> {
  const original = mail.replyToId ? await repo.findMessage(ctx.db, account.id, mail.replyToId) : undefined;
  const messageId = mail.messageId ?? `<${crypto.randomUUID()}@${domainOf(account.email_address)}>`;
  const message = {
    from: account.name ? { name: account.name, address: account.email_address } : account.email_address,
    to: mail.to,
    ...(mail.cc?.length ? { cc: mail.cc } : {}),
    ...(mail.bcc?.length ? { bcc: mail.bcc } : {}),
    subject: mail.subject,
    // HTML goes out as multipart/alternative with a text part made from it, unless the caller wrote one.
    ...(mail.text !== undefined ? { text: mail.text } : mail.html !== undefined ? { text: plainTextOf(mail.html) } : {}),
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    messageId,
    date: new Date(),
    ...replyHeaders(original ?? (mail.inReplyTo ? { message_id: mail.inReplyTo.messageId, references: mail.inReplyTo.references } : undefined)),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
  await sendOverSmtp(ctx, account, message);
  await mail.onAccepted?.();
  if (SERVER_FILES_SENT.has(account.provider)) return { messageId, appendedToSent: false };

  // The copy in Sent is the message as sent, without Bcc recipients' header. The message has
  // gone: failing to file it must not read as a failed send (the user would send it twice).
  try {
    return { messageId, ...(await fileInSent(ctx, account, { ...message, bcc: undefined })) };
  } catch {
    return { messageId, appendedToSent: false };
  }
}

async function fileInSent(ctx: AppContext, account: MailAccountRow, message: ConstructorParameters<typeof MailComposer>[0]): Promise<{ appendedToSent: boolean; sent?: SentCopy }> {
  const raw = await new MailComposer(message).compile().build();
  const sent = (await repo.findFolders(ctx.db, account.id)).find((f) => f.special_use === 'sent');
  const client = await connectMailbox(ctx, account);
  try {
    const path = sent?.path ?? (await client.list()).find((f) => f.specialUse === '\\Sent')?.path;
    if (!path) return { appendedToSent: false };
    const filed = await client.append(path, raw, ['\\Seen']);
    const where = filed && filed.uid !== undefined && filed.uidValidity !== undefined ? { uid: filed.uid, uidValidity: String(filed.uidValidity), raw } : undefined;
    return { appendedToSent: true, ...(where ? { sent: where } : {}) };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * Transports made for a mailbox, reused while its server settings and credentials stay the same:
 * making one is a good part of a campaign email's own cost. A transport holds no connection
 * between messages (each message opens its own); it is only the configured object.
 */
const transports = new Map<string, { key: string; transport: ReturnType<typeof smtpTransport> }>();

async function transportFor(ctx: AppContext, account: MailAccountRow, forceRefresh: boolean) {
  const server = smtpServerOf(account);
  // A password mailbox's transport is found by its sealed password, without opening it; an OAuth
  // one goes through credentialsFor each time, which refreshes a token about to expire.
  const oauth = account.auth_method === 'oauth' ? await credentialsFor(ctx, account, { forceRefresh }) : undefined;
  const key = JSON.stringify([server.host, server.port, server.secure, ctx.config.outboundAllowPrivate, account.username, oauth ?? account.secret]);
  const kept = transports.get(account.id);
  if (kept?.key === key) return kept.transport;
  const transport = smtpTransport(ctx.config, server, oauth ?? (await credentialsFor(ctx, account)));
  if (transports.size >= 1000) transports.clear();
  transports.set(account.id, { key, transport });
  return transport;
}

/** Sends through the account's SMTP server; an OAuth token refused there (EAUTH) is refreshed once. */
async function sendOverSmtp(ctx: AppContext, account: MailAccountRow, message: Parameters<ReturnType<typeof smtpTransport>['sendMail']>[0]) {
  for (let attempt = 0; ; attempt++) {
    const transport = await transportFor(ctx, account, attempt > 0);
    try {
      await transport.sendMail(message);
      return;
    } catch (error) {
      if (account.auth_method === 'oauth' && attempt === 0 && (error as { code?: string }).code === 'EAUTH') continue;
      throw error;
    }
  }
}
