import type { InboxCategory } from '@leadline/shared';
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MailSpecialUse } from '../../db/schema-mail.js';

type Db = Kysely<DB> | Transaction<DB>;
type Joined = 'mail_messages' | 'mail_folders' | 'mail_accounts';

/** Whose mail a query may read: a mailbox belongs to one member of one team. */
export type MailOwner = { teamId: string; userId: string };

export type InboxFilter = 'true' | 'unread' | 'read' | 'attachments';

export type InboxListOptions = {
  owner: MailOwner;
  category: InboxCategory;
  accountId?: string | undefined;
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

/** A category's condition: a folder, or (favorite, all) every folder but spam and trash. */
function inCategory(category: InboxCategory) {
  return (eb: ExpressionBuilder<DB, Joined>) => {
    const folder = FOLDER_OF_CATEGORY[category];
    if (folder) return eb('mail_folders.special_use', '=', folder);
    const kept = eb.or([eb('mail_folders.special_use', 'is', null), eb('mail_folders.special_use', 'not in', ['junk', 'trash'])]);
    return category === 'favorite' ? eb.and([kept, eb('mail_messages.flagged', '=', true)]) : kept;
  };
}

function applyListOptions<O>(query: SelectQueryBuilder<DB, Joined, O>, o: InboxListOptions) {
  let q = query.where(inCategory(o.category));
  if (o.accountId) q = q.where('mail_messages.account_id', '=', o.accountId);
  if (o.search) q = q.where(sql<boolean>`mail_messages.search @@ websearch_to_tsquery('simple', ${o.search})`);
  if (o.filter === 'unread') q = q.where('mail_messages.seen', '=', false);
  if (o.filter === 'read') q = q.where('mail_messages.seen', '=', true);
  if (o.filter === 'attachments') q = q.where(sql<boolean>`jsonb_array_length(mail_messages.attachments) > 0`);
  return q;
}

/** One page of a category, newest first. */
export async function listMessages(db: Db, o: InboxListOptions) {
  return applyListOptions(ownedMessages(db, o.owner).select(listColumns), o)
    .orderBy(sql`mail_messages.sent_at desc nulls last`)
    .orderBy('mail_messages.id', 'desc')
    .offset(o.offset)
    .limit(o.limit)
    .execute();
}

export async function countMessages(db: Db, o: InboxListOptions): Promise<number> {
  const row = await applyListOptions(ownedMessages(db, o.owner).select((eb) => eb.fn.countAll<string>().as('n')), o).executeTakeFirstOrThrow();
  return Number(row.n);
}

export type ListedMessage = Awaited<ReturnType<typeof listMessages>>[number];

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
