/**
 * The sync of one mailbox over IMAP: the first sync of each chosen folder newest first, in
 * batches through the write lane, then incremental: new UIDs, expunged UIDs, and flag changes
 * (CONDSTORE's CHANGEDSINCE where offered, all flags otherwise). The UIDs to fetch are the
 * server's minus those stored for the folder's UIDVALIDITY, so a sync cut off anywhere (a
 * crash, a SIGKILL) is resumed by running it again, without duplicates or gaps.
 */
import type { ImapFlow, ListResponse, MailboxObject } from 'imapflow';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MailSpecialUse } from '../../db/schema-mail.js';
import type { AppContext } from '../../lib/context.js';
import type { WriteLane } from '../../lib/service-definition.js';
import type { MailAccountRow } from './mailbox-credentials.js';
import { connectMailbox } from './mailbox-login.js';
import { chunkPlans, fetchParsed, fetchPlans, type FetchPlan } from './message-fetch.js';
import { threadRoot } from './message-parse.js';
import * as repo from './mailboxes.repository.js';

/**
 * How much of a folder the sync holds at once. Sizes and structures are read for `messages`
 * UIDs at a time (`first` for the folder's first round, so the newest mail shows soon); their
 * contents are fetched in runs of at most `messages` and about `bytes`. Each message is parsed
 * and written within a few batches: the sync reads at most `ahead` messages ahead of the write
 * lane, and writes `batch` rows a transaction. A parsed message is garbage again within
 * milliseconds, before V8 moves it to the old generation, whose garbage waits for a full
 * collection (with runs of 250 written whole, the old generation grew by 100 MB during a sync).
 */
const FETCH_CHUNK = { first: 50, messages: 250, bytes: 2 * 1024 * 1024, ahead: 25, batch: 25 };

const SPECIAL_USES: Record<string, MailSpecialUse> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Archive': 'archive',
  '\\All': 'archive',
  '\\Junk': 'junk',
  '\\Trash': 'trash',
};

/** INBOX, Sent, Archive (or All Mail), Junk and Trash by their special-use flags; INBOX first. */
export function chooseFolders(list: ListResponse[]): Array<{ path: string; specialUse: MailSpecialUse }> {
  const chosen = new Map<MailSpecialUse, string>([['inbox', 'INBOX']]);
  for (const folder of list) {
    const use = folder.specialUse ? SPECIAL_USES[folder.specialUse] : undefined;
    // \Archive wins over \All when a server offers both.
    if (use && use !== 'inbox' && (!chosen.has(use) || folder.specialUse === '\\Archive')) chosen.set(use, folder.path);
  }
  return [...chosen].map(([specialUse, path]) => ({ path, specialUse }));
}

const flagsOf = (flags: Set<string> | undefined) => {
  const all = [...(flags ?? [])];
  return {
    seen: all.includes('\\Seen'),
    flagged: all.includes('\\Flagged'),
    answered: all.includes('\\Answered'),
    keywords: all.filter((f) => !f.startsWith('\\')).sort(),
  };
};

export type SyncTarget = { db: Kysely<DB>; lane: WriteLane; accountId: string; signal?: AbortSignal };

/** Creates the folder rows; answers them with their stored sync state. */
export async function prepareFolders(client: ImapFlow, target: SyncTarget) {
  const chosen = chooseFolders(await client.list());
  const rows = [];
  for (const f of chosen) rows.push(await repo.upsertFolder(target.db, target.accountId, f.path, f.specialUse));
  return rows;
}

type FolderRow = Awaited<ReturnType<typeof prepareFolders>>[number];

/** The rows of the planned messages of the open folder, each fetched and parsed when asked for. */
async function* rowsOf(client: ImapFlow, folderId: string, uidvalidity: string, plans: FetchPlan[], accountId: string): AsyncGenerator<repo.MessageRow> {
  for await (const { plan, parsed } of fetchParsed(client, plans)) {
    yield {
      accountId,
      folderId,
      uidvalidity,
      uid: plan.uid,
      modseq: plan.modseq !== undefined ? String(plan.modseq) : null,
      messageId: parsed.messageId,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      threadRoot: threadRoot(parsed, `${folderId}:${uidvalidity}:${plan.uid}`),
      subject: parsed.subject,
      from: parsed.from,
      to: parsed.to,
      cc: parsed.cc,
      date: parsed.date ?? (plan.internalDate ? new Date(plan.internalDate) : null),
      snippet: parsed.snippet,
      text: parsed.text,
      ...flagsOf(plan.flags),
      labels: [...(plan.labels ?? [])].sort(),
      attachments: parsed.attachments,
      warmup: parsed.warmup,
      autoSubmitted: parsed.autoSubmitted,
    };
  }
}

/**
 * Pulls up to `depth` items of `source` ahead of its consumer (the next messages are fetched
 * and parsed while a batch is written), never more. Closing it closes the source, so an
 * aborted write leaves no FETCH half read on the connection.
 */
export async function* readAhead<T>(source: AsyncGenerator<T>, depth: number): AsyncGenerator<T> {
  const ahead: Array<Promise<IteratorResult<T>>> = [];
  try {
    for (;;) {
      while (ahead.length < depth) ahead.push(source.next());
      const next = await ahead.shift()!;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await Promise.allSettled(ahead);
    await source.return(undefined);
  }
}

/** One pass over one folder; answers how many messages it wrote. */
export async function syncFolder(client: ImapFlow, folder: FolderRow, target: SyncTarget): Promise<number> {
  const { db, lane, accountId, signal } = target;
  const mailbox = (await client.mailboxOpen(folder.path, { readOnly: true })) as MailboxObject;
  const uidvalidity = String(mailbox.uidValidity);
  let since = folder.highestmodseq;
  if (folder.uidvalidity !== null && folder.uidvalidity !== uidvalidity) {
    await repo.resetFolder(db, folder.id, uidvalidity);
    since = null;
  }

  const onServer = mailbox.exists === 0 ? [] : ((await client.search({ all: true }, { uid: true })) || []);
  const stored = new Set(await repo.storedUids(db, folder.id, uidvalidity));
  const serverSet = new Set(onServer);
  await repo.deleteUids(db, folder.id, uidvalidity, [...stored].filter((uid) => !serverSet.has(uid)));
  const missing = onServer.filter((uid) => !stored.has(uid)).sort((a, b) => b - a);

  let written = 0;
  for (let i = 0; i < missing.length; ) {
    signal?.throwIfAborted();
    const count = i === 0 ? FETCH_CHUNK.first : FETCH_CHUNK.messages;
    const plans = (await fetchPlans(client, missing.slice(i, i + count))).sort((a, b) => b.uid - a.uid);
    i += count;
    for (const run of chunkPlans(plans, FETCH_CHUNK.messages, FETCH_CHUNK.bytes)) {
      signal?.throwIfAborted();
      const rows = readAhead(rowsOf(client, folder.id, uidvalidity, run, accountId), FETCH_CHUNK.ahead);
      try {
        const result = await lane.writeInBatches(rows, (trx, batch) => repo.upsertMessages(trx, batch), { maxBatchSize: FETCH_CHUNK.batch, ...(signal ? { signal } : {}) });
        written += result.rows;
      } finally {
        await rows.return(undefined);
      }
    }
  }

  // Flag changes on messages stored before this pass.
  const known = onServer.filter((uid) => stored.has(uid));
  if (known.length > 0) {
    const condstore = client.enabled.has('CONDSTORE') || client.capabilities.has('CONDSTORE');
    const changes: repo.FlagChange[] = [];
    const options = condstore && since ? { uid: true, changedSince: BigInt(since) } : { uid: true };
    for await (const message of client.fetch('1:*', { uid: true, flags: true }, options)) {
      if (!stored.has(message.uid)) continue;
      changes.push({ uid: message.uid, modseq: message.modseq !== undefined ? String(message.modseq) : null, ...flagsOf(message.flags) });
    }
    await lane.writeInBatches(changes, (trx, batch) => repo.updateFlags(trx, folder.id, uidvalidity, batch), signal ? { signal } : {});
  }

  await repo.saveFolderState(db, folder.id, {
    uidvalidity,
    uidnext: mailbox.uidNext !== undefined ? String(mailbox.uidNext) : null,
    highestmodseq: mailbox.highestModseq !== undefined ? String(mailbox.highestModseq) : null,
    firstSyncDone: true,
  });
  folder.uidvalidity = uidvalidity;
  folder.highestmodseq = mailbox.highestModseq !== undefined ? String(mailbox.highestModseq) : null;
  return written;
}

/**
 * Every chosen folder once, INBOX first. The pass that completes a mailbox's first sync ends
 * with an ANALYZE: the inbox's queries need statistics that match the rows just loaded.
 */
export async function syncAllFolders(client: ImapFlow, target: SyncTarget) {
  const folders = await prepareFolders(client, target);
  const firstSync = folders.some((f) => !f.first_sync_done);
  let written = 0;
  for (const folder of folders) {
    target.signal?.throwIfAborted();
    written += await syncFolder(client, folder, target);
  }
  if (firstSync && written > 0) await repo.analyzeMailTables(target.db);
  return folders;
}

/** One pass over every chosen folder of a mailbox, on a connection of its own (tests, tools). */
export async function syncMailboxOnce(ctx: AppContext, account: MailAccountRow, lane: WriteLane) {
  const client = await connectMailbox(ctx, account);
  try {
    await syncAllFolders(client, { db: ctx.db, lane, accountId: account.id });
  } finally {
    await client.logout().catch(() => client.close());
  }
}
