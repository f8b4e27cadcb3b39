/**
 * Flags, moves and tags written to the IMAP server first and stored after the server agreed,
 * so the app never shows a state the mailbox does not have. read ↔ \Seen, favorite ↔
 * \Flagged, tags ↔ keywords; archive, spam and delete move the message to the Archive, Junk
 * or Trash folder, and undoing them moves it back to INBOX. A change made in another client
 * reaches the app through the sync.
 */
import { AppError, MESSAGE_FLAGS, type FlagBody, type MessageFlagAction } from '@leadline/shared';
import type { ImapFlow } from 'imapflow';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import type { MailSpecialUse } from '../../db/schema-mail.js';
import { withMailboxSession } from './mailbox-session.js';
import * as inbox from './inbox.repository.js';
import { ownedMessage, ownerOf, presentMessage } from './inbox.service.js';

const MOVES: Partial<Record<MessageFlagAction, MailSpecialUse>> = { markAsArchived: 'archive', markAsDeleted: 'trash', markAsSpam: 'junk' };
const SYSTEM_FLAGS: Partial<Record<MessageFlagAction, { flag: string; column: 'seen' | 'flagged' }>> = {
  markAsRead: { flag: '\\Seen', column: 'seen' },
  markAsFavorite: { flag: '\\Flagged', column: 'flagged' },
};

async function storeFlag(client: ImapFlow, message: inbox.OwnedMessage, flag: string, on: boolean) {
  await client.mailboxOpen(message.folder_path);
  const uid = String(message.uid);
  const done = on ? await client.messageFlagsAdd(uid, [flag], { uid: true }) : await client.messageFlagsRemove(uid, [flag], { uid: true });
  if (!done) throw new AppError('CONFLICT', 'The mail server no longer has this message; it disappears at the next sync.');
}

export async function setFlag(ctx: AppContext, actor: Actor, action: MessageFlagAction, body: FlagBody) {
  const { message, account } = await ownedMessage(ctx, actor, body._id);
  const value = body[MESSAGE_FLAGS[action]] ?? true;
  const system = SYSTEM_FLAGS[action];
  if (system) {
    await withMailboxSession(ctx, account, (client) => storeFlag(client, message, system.flag, value));
    await inbox.setMessageFlags(ctx.db, message.id, { [system.column]: value });
  } else {
    const target = value ? MOVES[action]! : 'inbox';
    if (message.special_use !== target) await move(ctx, account, message, target);
  }
  return presentMessage((await inbox.findOwnedMessage(ctx.db, ownerOf(actor), message.id))!);
}

async function move(ctx: AppContext, account: Parameters<typeof withMailboxSession>[1], message: inbox.OwnedMessage, target: MailSpecialUse) {
  const folder = await inbox.findFolderOfUse(ctx.db, account.id, target);
  if (!folder) throw new AppError('CONFLICT', `The mailbox ${account.email_address} has no ${target} folder.`);
  const moved = await withMailboxSession(ctx, account, async (client) => {
    await client.mailboxOpen(message.folder_path);
    return client.messageMove(String(message.uid), folder.path, { uid: true });
  });
  if (!moved) throw new AppError('CONFLICT', 'The mail server no longer has this message; it disappears at the next sync.');
  const newUid = moved.uidMap?.get(Number(message.uid));
  // Without UIDPLUS the new UID is unknown: the sync stores the message at its new place.
  if (newUid === undefined || moved.uidValidity === undefined) await inbox.deleteMessage(ctx.db, message.id);
  else await inbox.moveMessage(ctx.db, message.id, { folderId: folder.id, uidvalidity: String(moved.uidValidity), uid: newUid });
}

/** Replaces the message's tags: keywords added and removed on the server, then stored. */
export async function updateTags(ctx: AppContext, actor: Actor, id: string, tags: string[]) {
  const { message, account } = await ownedMessage(ctx, actor, id);
  const wanted = [...new Set(tags)].sort();
  const added = wanted.filter((t) => !message.keywords.includes(t));
  const removed = message.keywords.filter((t) => !wanted.includes(t));
  await withMailboxSession(ctx, account, async (client) => {
    const mailbox = await client.mailboxOpen(message.folder_path);
    // A server without \* in PERMANENTFLAGS keeps no new keywords: say so rather than pretend.
    if (added.length > 0 && mailbox.permanentFlags && !mailbox.permanentFlags.has('\\*') && added.some((t) => !mailbox.permanentFlags!.has(t))) {
      throw new AppError('CONFLICT', `The mail server of ${account.email_address} does not keep new tags.`);
    }
    const uid = String(message.uid);
    if (added.length > 0) await client.messageFlagsAdd(uid, added, { uid: true });
    if (removed.length > 0) await client.messageFlagsRemove(uid, removed, { uid: true });
  });
  await inbox.setMessageFlags(ctx.db, message.id, { keywords: wanted });
  return presentMessage((await inbox.findOwnedMessage(ctx.db, ownerOf(actor), message.id))!);
}
