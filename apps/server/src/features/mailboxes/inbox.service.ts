import { INBOX_COUNT_CAP, notFound, type InboxListQuery, type InboxMessage } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { renderMailDocument } from './message-html.js';
import { parsedSource } from './message-source.js';
import * as inbox from './inbox.repository.js';
import { searchMessages } from './inbox-search.repository.js';
import * as repo from './mailboxes.repository.js';
import type { InboxCategory } from '@leadline/shared';

/** A mailbox and its mail are its owner's alone (docs/decisions.md, "Inbox"): admins do not read members' mail. */
export const ownerOf = (actor: Actor): inbox.MailOwner => ({ teamId: actor.teamId, userId: actor.userId });

const FOLDER_NAMES = { inbox: 'inbox', sent: 'sent', archive: 'archive', junk: 'junk', trash: 'trash' } as const;

export function presentMessage(row: inbox.ListedMessage): InboxMessage {
  const folder = row.special_use ? FOLDER_NAMES[row.special_use] : 'other';
  return {
    _id: row.id,
    accountId: row.account_id,
    accountEmail: row.account_email,
    threadId: row.thread_id,
    folder,
    subject: row.subject,
    from: { name: row.from_name, address: row.from_address },
    to: row.to_addresses,
    cc: row.cc_addresses,
    date: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    snippet: row.snippet,
    isFavorite: row.flagged,
    isRead: row.seen,
    isArchived: folder === 'archive',
    isDeleted: folder === 'trash',
    isSpam: folder === 'junk',
    tags: [...new Set([...row.keywords, ...row.labels])],
    attachments: row.attachments
      .map((a, index) => ({ index, filename: a.filename ?? `attachment-${index + 1}`, contentType: a.contentType, size: a.size, inline: a.contentId !== null && a.contentType.startsWith('image/') }))
      .filter((a) => !a.inline)
      .map(({ inline: _inline, ...a }) => a),
  };
}

export async function listInbox(ctx: AppContext, actor: Actor, category: InboxCategory, query: InboxListQuery & { page: number; limit: number }) {
  const folders = await inbox.categoryFolders(ctx.db, ownerOf(actor), category, query.mailBoxAccount);
  const options: inbox.InboxListOptions = {
    folderIds: folders.map((f) => f.id),
    accountIds: [...new Set(folders.map((f) => f.account_id))],
    flaggedOnly: category === 'favorite',
    search: query.searchVal || undefined,
    filter: query.filter,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  };
  const cap = options.search ? INBOX_COUNT_CAP.search : INBOX_COUNT_CAP.folder;
  const { rows, counted, lowerBound } = options.search
    ? await searchMessages(ctx.db, options, cap + 1)
    : await Promise.all([inbox.listMessages(ctx.db, options), inbox.countMessages(ctx.db, options, cap + 1)]).then(([rows, counted]) => ({ rows, counted, lowerBound: false }));
  const total = Math.min(counted, cap);
  const folderOf = new Map(folders.map((f) => [f.id, f]));
  return {
    messages: rows.map(({ folder_id, ...row }) => presentMessage({ ...row, special_use: folderOf.get(folder_id)!.special_use, account_email: folderOf.get(folder_id)!.email_address })),
    pagination: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), totalRecords: total },
    totalIsCapped: counted > cap || lowerBound,
  };
}

/** The caller's message and its mailbox; 404 for anyone else's. */
export async function ownedMessage(ctx: AppContext, actor: Actor, id: string) {
  const message = await inbox.findOwnedMessage(ctx.db, ownerOf(actor), id);
  if (!message) throw notFound('Message');
  const account = await repo.findAccount(ctx.db, message.account_id);
  if (!account) throw notFound('Message');
  return { message, account };
}

export async function thread(ctx: AppContext, actor: Actor, id: string) {
  const { message } = await ownedMessage(ctx, actor, id);
  const rows = await inbox.threadMessages(ctx.db, ownerOf(actor), message.account_id, message.thread_id);
  return { messages: rows.map(presentMessage) };
}

/** Inline images up to this size are shown inside the mail; larger ones stay attachments. */
const MAX_INLINE_IMAGE = 2 * 1024 * 1024;

export async function messageBody(ctx: AppContext, actor: Actor, id: string, showImages: boolean) {
  const { message, account } = await ownedMessage(ctx, actor, id);
  const parsed = await parsedSource(ctx, account, message);
  const inlineImages = new Map(
    parsed.attachments
      .filter((a) => a.contentId && a.contentType.startsWith('image/') && a.size <= MAX_INLINE_IMAGE)
      .map((a) => [a.contentId!.replace(/^<|>$/g, ''), `data:${a.contentType};base64,${a.content.toString('base64')}`]),
  );
  const html = typeof parsed.html === 'string' ? parsed.html : null;
  const rendered = renderMailDocument(html, parsed.text ?? message.text_body, { showImages, inlineImages });
  return { message: presentMessage(message), document: rendered.document, text: parsed.text ?? message.text_body, blockedImages: rendered.blockedImages };
}

/** The sanitized document alone, for the reading frame's own URL. */
export async function messageDocument(ctx: AppContext, actor: Actor, id: string, showImages: boolean) {
  return (await messageBody(ctx, actor, id, showImages)).document;
}

/** An attachment's bytes, by its place in the message's attachment list. */
export async function attachment(ctx: AppContext, actor: Actor, id: string, index: number) {
  const { message, account } = await ownedMessage(ctx, actor, id);
  const parsed = await parsedSource(ctx, account, message);
  const part = parsed.attachments[index];
  if (!part) throw notFound('Attachment');
  return { filename: part.filename ?? `attachment-${index + 1}`, contentType: part.contentType, content: part.content };
}

export async function inboxTags(ctx: AppContext, actor: Actor) {
  return inbox.distinctTags(ctx.db, ownerOf(actor));
}
