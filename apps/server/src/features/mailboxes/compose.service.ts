/**
 * Writing mail from the inbox: a new message, a reply (threaded by In-Reply-To and References)
 * or a forward (with the original's attachments), sent from one of the caller's own mailboxes
 * through its SMTP server. The copy filed in Sent is stored at once, so it shows in Sent and in
 * its thread without waiting for the next sync.
 */
import { AppError, answerSubject, COMPOSE_LIMITS, COMPOSE_MESSAGES, type SendMailFields } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import type { MailAccountRow } from './mailbox-credentials.js';
import { describeMailError } from './mail-connections.js';
import { sendMail, type OutgoingAttachment, type SentCopy } from './mail-send.js';
import { parseMessage, threadRoot } from './message-parse.js';
import { parsedSource } from './message-source.js';
import { ownedMessage, ownerOf, presentMessage } from './inbox.service.js';
import * as inbox from './inbox.repository.js';
import * as repo from './mailboxes.repository.js';

type Attachment = OutgoingAttachment & { size: number };

/** The caller's own mailbox with this address, able to send. */
async function sendingAccount(ctx: AppContext, actor: Actor, address: string): Promise<MailAccountRow> {
  const account = await repo.findAccountOfUser(ctx.db, actor.teamId, actor.userId, address);
  if (!account) throw new AppError('NOT_FOUND', `No mailbox ${address} is connected to your account.`, { field: 'from' });
  if (account.status !== 'connected') {
    throw new AppError('CONFLICT', `The mailbox ${address} is disconnected${account.status_reason ? `: ${account.status_reason}` : ''}. Reconnect it in Settings → Accounts.`, { field: 'from' });
  }
  if (!account.is_active) throw new AppError('CONFLICT', COMPOSE_MESSAGES.mailboxInactive(address), { field: 'from' });
  return account;
}

/** Attachments an inline image is not: the ones a reader sees listed under the message. */
const isListed = (a: { contentId?: string | undefined; contentType: string }) => !(a.contentId && a.contentType.startsWith('image/'));

/** The original's attachments a forward carries: those listed, or only the chosen indexes. */
async function forwardedAttachments(ctx: AppContext, original: Awaited<ReturnType<typeof ownedMessage>>, chosen: number[] | undefined): Promise<Attachment[]> {
  const parsed = await parsedSource(ctx, original.account, original.message);
  return parsed.attachments
    .map((a, index) => ({ a, index }))
    .filter(({ a, index }) => (chosen ? chosen.includes(index) : isListed(a)))
    .map(({ a, index }) => ({ filename: a.filename ?? `attachment-${index + 1}`, contentType: a.contentType, content: a.content, size: a.content.length }));
}

/** SMTP's refusal in the server's own words: 5xx is the message's problem, anything else the connection's. */
function smtpRefusal(account: MailAccountRow, error: unknown): AppError {
  const e = error as { code?: string; responseCode?: number; response?: string };
  const said = describeMailError(error);
  if (e.code === 'EAUTH') return new AppError('CONFLICT', `The SMTP server of ${account.email_address} refused the login (${said}). Reconnect it in Settings → Accounts.`, { cause: error });
  if (e.responseCode === 552) return new AppError('PAYLOAD_TOO_LARGE', `The mail server refused the message as too large: ${e.response ?? said}`, { cause: error });
  if (e.responseCode && e.responseCode >= 500) return new AppError('VALIDATION_FAILED', `The mail server refused the message: ${e.response ?? said}`, { cause: error });
  return new AppError('PROVIDER_UNAVAILABLE', `Could not send through the mail server of ${account.email_address}: ${said}. Please try again.`, { cause: error });
}

/** Stores the copy the server filed in Sent, as the sync would; answers its row id. */
async function storeSentCopy(ctx: AppContext, account: MailAccountRow, sent: SentCopy): Promise<string | null> {
  const folder = (await repo.findFolders(ctx.db, account.id)).find((f) => f.special_use === 'sent');
  if (!folder || (folder.uidvalidity !== null && String(folder.uidvalidity) !== sent.uidValidity)) return null;
  const parsed = await parseMessage(sent.raw);
  await repo.upsertMessages(ctx.db, [
    {
      accountId: account.id,
      folderId: folder.id,
      uidvalidity: sent.uidValidity,
      uid: sent.uid,
      modseq: null,
      messageId: parsed.messageId,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      threadRoot: threadRoot(parsed, `${folder.id}:${sent.uidValidity}:${sent.uid}`),
      subject: parsed.subject,
      from: parsed.from,
      to: parsed.to,
      cc: parsed.cc,
      date: parsed.date,
      snippet: parsed.snippet,
      text: parsed.text,
      seen: true,
      flagged: false,
      answered: false,
      keywords: [],
      labels: [],
      attachments: parsed.attachments,
    },
  ]);
  return inbox.findMessageByUid(ctx.db, folder.id, sent.uidValidity, sent.uid);
}

export async function sendComposed(ctx: AppContext, actor: Actor, fields: SendMailFields, uploaded: Attachment[]) {
  const account = await sendingAccount(ctx, actor, fields.from);
  let subject = fields.subject;
  let forwarded: Attachment[] = [];
  if (fields.sendType !== 'new') {
    const original = await ownedMessage(ctx, actor, fields.replyToId!);
    if (fields.sendType === 'reply' && original.account.id !== account.id) {
      throw new AppError('VALIDATION_FAILED', COMPOSE_MESSAGES.replyFromOtherMailbox(original.account.email_address), { field: 'from' });
    }
    if (fields.sendType === 'forward') forwarded = await forwardedAttachments(ctx, original, fields.forwardAttachments);
    subject = answerSubject(fields.sendType, subject || original.message.subject);
  }
  const attachments = [...forwarded, ...uploaded];
  if (attachments.filter((a) => !a.cid).length > COMPOSE_LIMITS.attachments) throw new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.tooManyAttachments, { field: 'attachments' });
  if (attachments.reduce((sum, a) => sum + a.size, 0) > COMPOSE_LIMITS.attachmentBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.attachmentsTooLarge, { field: 'attachments' });
  }
  const result = await sendMail(ctx, account, {
    to: fields.to,
    cc: fields.cc,
    bcc: fields.bcc,
    subject,
    html: fields.html,
    ...(fields.sendType === 'reply' ? { replyToId: fields.replyToId! } : {}),
    attachments: attachments.map(({ size: _size, ...a }) => a),
  }).catch((error: unknown) => {
    throw error instanceof AppError ? error : smtpRefusal(account, error);
  });
  const storedId = result.sent ? await storeSentCopy(ctx, account, result.sent) : null;
  const stored = storedId ? await inbox.findOwnedMessage(ctx.db, ownerOf(actor), storedId) : undefined;
  return { messageId: result.messageId, message: stored ? presentMessage(stored) : null };
}
