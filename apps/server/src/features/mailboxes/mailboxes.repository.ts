import { sql, type Kysely, type Transaction } from 'kysely';
import { preparedStatement } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import { MAIL_ACCOUNT_COLUMNS } from './mail-account-columns.js';
import type { MailAddress, MailAttachmentMeta, MailSpecialUse } from '../../db/schema-mail.js';

type Db = Kysely<DB> | Transaction<DB>;

export type NewMailAccount = {
  teamId: string;
  userId: string;
  emailAddress: string;
  name: string;
  provider: 'imap' | 'gmail' | 'outlook';
  imap: { host: string; port: number; secure: boolean };
  smtp: { host: string; port: number; secure: boolean };
  username: string;
  /** The sealed password, or with `oauth` the sealed refresh token. */
  sealedSecret: string;
  /** Gmail and Outlook: the sealed access token and its expiry. */
  oauth?: { accessToken: string; expiresAt: Date };
};

/** Saves a mailbox, or replaces the settings and secret of the team's mailbox with that address (reconnect). */
export async function upsertAccount(db: Db, a: NewMailAccount) {
  const values = {
    user_id: a.userId,
    name: a.name,
    provider: a.provider,
    imap_host: a.imap.host,
    imap_port: a.imap.port,
    imap_secure: a.imap.secure,
    smtp_host: a.smtp.host,
    smtp_port: a.smtp.port,
    smtp_secure: a.smtp.secure,
    username: a.username,
    secret: a.sealedSecret,
    auth_method: a.oauth ? ('oauth' as const) : ('password' as const),
    access_token: a.oauth?.accessToken ?? null,
    access_token_expires_at: a.oauth?.expiresAt ?? null,
    status: 'connected' as const,
    status_reason: null,
  };
  return db
    .insertInto('mail_accounts')
    .values({ team_id: a.teamId, email_address: a.emailAddress, ...values })
    .onConflict((oc) => oc.columns(['team_id', 'email_address']).doUpdateSet({ ...values, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAccount(db: Db, id: string) {
  const [row] = await findAccountStatement(db, { id });
  return row;
}
const findAccountStatement = preparedStatement((db: Db, args: { id: string }) => db.selectFrom('mail_accounts').select(MAIL_ACCOUNT_COLUMNS).where('id', '=', args.id));

export async function listAccountsOfUser(db: Db, teamId: string, userId: string) {
  return db.selectFrom('mail_accounts').selectAll().where('team_id', '=', teamId).where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function connectedAccountIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('mail_accounts').select('id').where('status', '=', 'connected').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** A new sealed password (a Gmail app password given for warm-up). */
export async function updateSecret(db: Db, id: string, sealedSecret: string) {
  await db.updateTable('mail_accounts').set({ secret: sealedSecret, updated_at: new Date() }).where('id', '=', id).execute();
}

/** A refreshed OAuth access token (sealed), and the new refresh token when the provider rotated it. */
export async function saveAccessToken(db: Db, id: string, t: { accessToken: string; expiresAt: Date; refreshToken: string | null }) {
  return db
    .updateTable('mail_accounts')
    .set({ access_token: t.accessToken, access_token_expires_at: t.expiresAt, ...(t.refreshToken ? { secret: t.refreshToken } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .returning(['access_token', 'access_token_expires_at', 'secret'])
    .executeTakeFirstOrThrow();
}

export async function markAccountStatus(db: Db, id: string, status: 'connected' | 'disconnected', reason: string | null) {
  await db.updateTable('mail_accounts').set({ status, status_reason: reason, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Messages sent today from the account, for the available capacity. */
export async function countSentSince(db: Db, accountId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('mail_messages')
    .innerJoin('mail_folders', 'mail_folders.id', 'mail_messages.folder_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('mail_messages.account_id', '=', accountId)
    .where('mail_folders.special_use', '=', 'sent')
    .where('mail_messages.sent_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function upsertFolder(db: Db, accountId: string, path: string, specialUse: MailSpecialUse | null) {
  return db
    .insertInto('mail_folders')
    .values({ account_id: accountId, path, special_use: specialUse })
    .onConflict((oc) => oc.columns(['account_id', 'path']).doUpdateSet({ special_use: specialUse }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findFolders(db: Db, accountId: string) {
  return db.selectFrom('mail_folders').selectAll().where('account_id', '=', accountId).execute();
}

export type FolderState = { uidvalidity: string; uidnext: string | null; highestmodseq: string | null; firstSyncDone: boolean };

export async function saveFolderState(db: Db, folderId: string, state: FolderState) {
  await db
    .updateTable('mail_folders')
    .set({ uidvalidity: state.uidvalidity, uidnext: state.uidnext, highestmodseq: state.highestmodseq, first_sync_done: state.firstSyncDone, synced_at: new Date() })
    .where('id', '=', folderId)
    .execute();
}

/** After a UIDVALIDITY change the old UIDs mean nothing: drop the folder's rows and state. */
export async function resetFolder(db: Db, folderId: string, uidvalidity: string) {
  await db.deleteFrom('mail_messages').where('folder_id', '=', folderId).where('uidvalidity', '!=', uidvalidity).execute();
  await db.updateTable('mail_folders').set({ uidvalidity, uidnext: null, highestmodseq: null, first_sync_done: false }).where('id', '=', folderId).execute();
}

export async function storedUids(db: Db, folderId: string, uidvalidity: string): Promise<number[]> {
  const rows = await db.selectFrom('mail_messages').select('uid').where('folder_id', '=', folderId).where('uidvalidity', '=', uidvalidity).execute();
  return rows.map((r) => Number(r.uid));
}

export async function deleteUids(db: Db, folderId: string, uidvalidity: string, uids: number[]) {
  if (uids.length === 0) return;
  await db.deleteFrom('mail_messages').where('folder_id', '=', folderId).where('uidvalidity', '=', uidvalidity).where('uid', 'in', uids.map(String)).execute();
}

export type MessageRow = {
  accountId: string;
  folderId: string;
  uidvalidity: string;
  uid: number;
  modseq: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  threadRoot: string;
  subject: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  date: Date | null;
  snippet: string;
  text: string;
  seen: boolean;
  flagged: boolean;
  answered: boolean;
  keywords: string[];
  labels: string[];
  attachments: MailAttachmentMeta[];
  warmup?: boolean;
  /** Sent by a machine, by its headers. */
  autoSubmitted?: boolean;
};

/** Thread ids already stored for these Message-IDs in the account. */
async function threadsOf(db: Db, accountId: string, messageIds: string[]): Promise<Map<string, string>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mail_messages')
    .select(['message_id', 'thread_id'])
    .where('account_id', '=', accountId)
    .where('message_id', 'in', messageIds)
    .execute();
  return new Map(rows.map((r) => [r.message_id!, r.thread_id]));
}

/**
 * Writes messages; one already stored (same folder, UIDVALIDITY and UID) only gets its flags
 * updated, so writing a batch twice changes nothing. A message whose parent (In-Reply-To) or
 * any referenced message is stored joins that message's thread.
 */
export async function upsertMessages(db: Db, rows: MessageRow[]) {
  if (rows.length === 0) return;
  const accountId = rows[0]!.accountId;
  const referenced = [...new Set(rows.flatMap((r) => [...(r.inReplyTo ? [r.inReplyTo] : []), ...r.references]))];
  const known = await threadsOf(db, accountId, referenced);
  const threadOf = (r: MessageRow) => (r.inReplyTo && known.get(r.inReplyTo)) || r.references.map((id) => known.get(id)).find(Boolean) || r.threadRoot;
  await db
    .insertInto('mail_messages')
    .values(
      rows.map((r) => ({
        account_id: r.accountId,
        folder_id: r.folderId,
        uidvalidity: r.uidvalidity,
        uid: r.uid,
        modseq: r.modseq,
        message_id: r.messageId,
        in_reply_to: r.inReplyTo,
        references: r.references,
        thread_id: threadOf(r),
        subject: r.subject,
        from_address: r.from.address,
        from_name: r.from.name,
        to_addresses: JSON.stringify(r.to),
        cc_addresses: JSON.stringify(r.cc),
        sent_at: r.date,
        snippet: r.snippet,
        text_body: r.text,
        seen: r.seen,
        flagged: r.flagged,
        answered: r.answered,
        keywords: r.keywords,
        labels: r.labels,
        attachments: JSON.stringify(r.attachments),
        warmup: r.warmup ?? false,
        auto_submitted: r.autoSubmitted ?? false,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['folder_id', 'uidvalidity', 'uid']).doUpdateSet((eb) => ({
        seen: eb.ref('excluded.seen'),
        flagged: eb.ref('excluded.flagged'),
        answered: eb.ref('excluded.answered'),
        keywords: eb.ref('excluded.keywords'),
        labels: eb.ref('excluded.labels'),
        modseq: eb.ref('excluded.modseq'),
      })),
    )
    .execute();
}

export type FlagChange = { uid: number; modseq: string | null; seen: boolean; flagged: boolean; answered: boolean; keywords: string[] };

export async function updateFlags(db: Db, folderId: string, uidvalidity: string, changes: FlagChange[]) {
  for (const c of changes) {
    await db
      .updateTable('mail_messages')
      .set({ seen: c.seen, flagged: c.flagged, answered: c.answered, keywords: c.keywords, modseq: c.modseq })
      .where('folder_id', '=', folderId)
      .where('uidvalidity', '=', uidvalidity)
      .where('uid', '=', String(c.uid))
      .execute();
  }
}

/** The stored message a reply answers, for its In-Reply-To and References. */
export async function findMessage(db: Db, accountId: string, id: string) {
  return db.selectFrom('mail_messages').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

/** The member's own mailbox with this address. */
export async function findAccountOfUser(db: Db, teamId: string, userId: string, emailAddress: string) {
  return db
    .selectFrom('mail_accounts')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('email_address', '=', emailAddress)
    .executeTakeFirst();
}

export async function updateAccountSettings(db: Db, id: string, changes: { name?: string; title?: string; daily_capacity?: number; is_active?: boolean }) {
  return db
    .updateTable('mail_accounts')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a mailbox with its folders and messages (the foreign keys cascade). */
export async function deleteAccount(db: Db, id: string) {
  await db.deleteFrom('mail_accounts').where('id', '=', id).execute();
}

/**
 * Refreshes the planner's statistics of the mail tables and marks the messages' pages all-visible.
 * PGlite runs no autovacuum: without statistics the inbox's multi-folder views and searches plan
 * as if the tables were empty, and without the visibility map a capped count reads the table
 * instead of its index (measured at 100,000 messages: 1.2 s against 40 ms). VACUUM skips pages
 * already all-visible, so a later mailbox's first sync pays only for its own rows.
 */
export async function analyzeMailTables(db: Db) {
  await sql`vacuum (analyze) mail_messages`.execute(db);
  await sql`analyze mail_folders`.execute(db);
}
