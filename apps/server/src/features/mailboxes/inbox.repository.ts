import type { InboxCategory } from '@leadline/shared';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MailSpecialUse } from '../../db/schema-mail.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Whose mail a query may read: a mailbox belongs to one member of one team. */
export type MailOwner = { teamId: string; userId: string };

export type InboxFilter = 'true' | 'unread' | 'read' | 'attachments';

/** A page of messages of some folders: what one inbox request reads. */
export type InboxListOptions = {
  folderIds: string[];
  /** The folders' accounts: with several folders, the (account_id, sent_at desc) index gives the order. */
  accountIds?: string[];
  flaggedOnly?: boolean;
  search?: string | undefined;
  filter?: InboxFilter | undefined;
  offset: number;
  limit: number;
};

const FOLDER_OF_CATEGORY: Partial<Record<InboxCategory, MailSpecialUse>> = {
  inbox: 'inbox',
  sent: 'sent',
  archived: 'archive',
  spam: 'junk',
  trash: 'trash',
};

/** The message columns the inbox shows (the body text stays in the table). */
const listColumns = [
  'mail_messages.id',
  'mail_messages.account_id',
  'mail_accounts.email_address as account_email',
  'mail_messages.thread_id',
  'mail_folders.special_use',
  'mail_messages.subject',
  'mail_messages.from_name',
  'mail_messages.from_address',
  'mail_messages.to_addresses',
  'mail_messages.cc_addresses',
  'mail_messages.sent_at',
  'mail_messages.snippet',
  'mail_messages.seen',
  'mail_messages.flagged',
  'mail_messages.keywords',
  'mail_messages.labels',
  'mail_messages.attachments',
] as const;

/** Messages of the owner's mailboxes, joined with their folder and account. */
function ownedMessages(db: Db, owner: MailOwner) {
  return db
    .selectFrom('mail_messages')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'mail_messages.account_id')
    .innerJoin('mail_folders', 'mail_folders.id', 'mail_messages.folder_id')
    .where('mail_accounts.team_id', '=', owner.teamId)
    .where('mail_accounts.user_id', '=', owner.userId);
}

/**
 * The owner's folders a category shows: one special-use folder, or (favorite, all) every folder
 * but spam and trash. The message queries then run on `folder_id`, the leading column of their
 * indexes, without joins.
 */
export async function categoryFolders(db: Db, owner: MailOwner, category: InboxCategory, accountId?: string) {
  const folder = FOLDER_OF_CATEGORY[category];
  let q = db
    .selectFrom('mail_folders')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'mail_folders.account_id')
    .select(['mail_folders.id', 'mail_folders.account_id', 'mail_folders.special_use', 'mail_accounts.email_address'])
    .where('mail_accounts.team_id', '=', owner.teamId)
    .where('mail_accounts.user_id', '=', owner.userId)
    .where((eb) => (folder ? eb('mail_folders.special_use', '=', folder) : eb.or([eb('mail_folders.special_use', 'is', null), eb('mail_folders.special_use', 'not in', ['junk', 'trash'])])));
  if (accountId) q = q.where('mail_folders.account_id', '=', accountId);
  return q.execute();
}

export const messageColumns = [
  'id',
  'account_id',
  'folder_id',
  'thread_id',
  'subject',
  'from_name',
  'from_address',
  'to_addresses',
  'cc_addresses',
  'sent_at',
  'snippet',
  'seen',
  'flagged',
  'keywords',
  'labels',
  'attachments',
] as const;

/** The options' folders and filters, without the search: what orders and bounds a search's windows. */
export function inView<O>(query: SelectQueryBuilder<DB, 'mail_messages', O>, o: Omit<InboxListOptions, 'search'>) {
  // Warm-up messages stay in the mailbox but not on screen.
  let q = query.where('folder_id', 'in', o.folderIds).where('warmup', '=', false);
  if (o.folderIds.length > 1 && o.accountIds?.length) q = q.where('account_id', 'in', o.accountIds);
  if (o.flaggedOnly) q = q.where('flagged', '=', true);
  if (o.filter === 'unread') q = q.where('seen', '=', false);
  if (o.filter === 'read') q = q.where('seen', '=', true);
  if (o.filter === 'attachments') q = q.where(sql<boolean>`jsonb_array_length(attachments) > 0`);
  return q;
}

export function inFolders<O>(query: SelectQueryBuilder<DB, 'mail_messages', O>, o: InboxListOptions) {
  const q = inView(query, o);
  return o.search ? q.where(sql<boolean>`search @@ websearch_to_tsquery('simple', ${o.search})`) : q;
}

/** One page, newest first (the order of the (folder_id, sent_at desc) index). */
export async function listMessages(db: Db, o: InboxListOptions) {
  if (o.folderIds.length === 0) return [];
  return inFolders(db.selectFrom('mail_messages').select(messageColumns), o)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .offset(o.offset)
    .limit(o.limit)
    .execute();
}

/**
 * The number of matching messages, counted up to `cap`: past it the count would read every
 * matching row (a search for a common word matches most of a mailbox), and the page does not.
 */
export async function countMessages(db: Db, o: InboxListOptions, cap: number): Promise<number> {
  if (o.folderIds.length === 0) return 0;
  const row = await db
    .selectFrom(inFolders(db.selectFrom('mail_messages').select('id'), o).limit(cap).as('matching'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PagedMessage = Awaited<ReturnType<typeof listMessages>>[number];

/** A message row as the inbox presents it: with its account's address and its folder's use. */
export type ListedMessage = Omit<PagedMessage, 'folder_id'> & { account_email: string; special_use: MailSpecialUse | null };

/** One of the owner's messages with where it lives on the server; undefined for anyone else's. */
export async function findOwnedMessage(db: Db, owner: MailOwner, id: string) {
  return ownedMessages(db, owner)
    .select([...listColumns, 'mail_messages.folder_id', 'mail_folders.path as folder_path', 'mail_messages.uid', 'mail_messages.uidvalidity', 'mail_messages.text_body'])
    .where('mail_messages.id', '=', id)
    .executeTakeFirst();
}

export type OwnedMessage = NonNullable<Awaited<ReturnType<typeof findOwnedMessage>>>;

/** The messages of a thread in the account, oldest first; one row per Message-ID (a copy in two folders shows once). */
export async function threadMessages(db: Db, owner: MailOwner, accountId: string, threadId: string) {
  const rows = await ownedMessages(db, owner)
    .select([...listColumns, 'mail_messages.message_id'])
    .where('mail_messages.account_id', '=', accountId)
    .where('mail_messages.thread_id', '=', threadId)
    .orderBy(sql`mail_messages.sent_at asc nulls first`)
    .orderBy('mail_messages.id')
    .limit(500)
    .execute();
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (!r.message_id) return true;
    if (seen.has(r.message_id)) return false;
    seen.add(r.message_id);
    return true;
  });
}

/** Every tag (IMAP keyword or Gmail label) on the owner's messages. */
export async function distinctTags(db: Db, owner: MailOwner): Promise<string[]> {
  const rows = await ownedMessages(db, owner)
    .select(sql<string>`unnest(mail_messages.keywords || mail_messages.labels)`.as('tag'))
    .distinct()
    .execute();
  return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
}

export async function setMessageFlags(db: Db, id: string, flags: { seen?: boolean; flagged?: boolean; keywords?: string[] }) {
  if (Object.keys(flags).length === 0) return;
  await db.updateTable('mail_messages').set(flags).where('id', '=', id).execute();
}

/**
 * Records a move the server confirmed: the row takes its new folder and UID, so it keeps its
 * id. A copy the sync already stored at the new place is the same message and gives way.
 */
export async function moveMessage(db: Kysely<DB>, id: string, to: { folderId: string; uidvalidity: string; uid: number }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('mail_messages')
      .where('folder_id', '=', to.folderId)
      .where('uidvalidity', '=', to.uidvalidity)
      .where('uid', '=', String(to.uid))
      .where('id', '!=', id)
      .execute();
    await trx.updateTable('mail_messages').set({ folder_id: to.folderId, uidvalidity: to.uidvalidity, uid: to.uid }).where('id', '=', id).execute();
  });
}

export async function deleteMessage(db: Db, id: string) {
  await db.deleteFrom('mail_messages').where('id', '=', id).execute();
}

export async function findFolderOfUse(db: Db, accountId: string, use: MailSpecialUse) {
  return db.selectFrom('mail_folders').selectAll().where('account_id', '=', accountId).where('special_use', '=', use).executeTakeFirst();
}

/** The id of the message stored at this place of a folder, or null. */
export async function findMessageByUid(db: Db, folderId: string, uidvalidity: string, uid: number): Promise<string | null> {
  const row = await db
    .selectFrom('mail_messages')
    .select('id')
    .where('folder_id', '=', folderId)
    .where('uidvalidity', '=', uidvalidity)
    .where('uid', '=', String(uid))
    .executeTakeFirst();
  return row?.id ?? null;
}
