// Inbox page and full-text search speed with many stored messages, run by hand:
//   node --import tsx bench/inbox.ts [--messages 100000] [--queries 200]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres node --import tsx bench/inbox.ts   (a throwaway PostgreSQL database)
//   BENCH_DATABASE_URL=postgres://…/db node --import tsx bench/inbox.ts   (a kept database: loaded once, reused by later runs)
//   --explain   also prints, for one request of each kind, every statement's EXPLAIN (ANALYZE, BUFFERS)
//               figures (pages read, time) and writes the whole plans to --plans (default: bench-inbox-plans.txt in the temp folder)
//   --one-pass-search   searches as before the windows (one page and one count over the whole view), to compare
// Writes N synthetic messages (about 1 KB of body text each, over five folders of one mailbox)
// through the mailbox repository, then times what one inbox request runs (a page of 20 and the
// total count, as the service asks them together) for pages and categories, and for full-text
// searches of common and rare words. Goals of issue 21: page p95 ≤ 50 ms, search p95 ≤ 200 ms.
import os from 'node:os';
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, createQueryId, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { INBOX_COUNT_CAP, type InboxCategory } from '@leadline/shared';
import type { DB } from '../apps/server/src/db/schema.js';
import * as search from '../apps/server/src/features/mailboxes/inbox-search.repository.js';
import * as inbox from '../apps/server/src/features/mailboxes/inbox.repository.js';
import * as repo from '../apps/server/src/features/mailboxes/mailboxes.repository.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createTestDatabase } from '../apps/server/src/test/database.js';
import { createOwner } from '../apps/server/src/test/factories.js';
import { seededRandom } from '../apps/server/src/test/random.js';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '100000' }, queries: { type: 'string', default: '200' }, explain: { type: 'boolean', default: false }, 'one-pass-search': { type: 'boolean', default: false }, plans: { type: 'string', default: path.join(os.tmpdir(), 'bench-inbox-plans.txt') } } });
const total = Number(values.messages);
const queries = Number(values.queries);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms  (n=${xs.length})`;

const random = seededRandom(21);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'pre', 'tra', 'gen', 'dor', 'lin', 'mas', 'qui', 'zer'];
/** 3,000 made-up words; a Zipf-like pick makes a few common and most rare. */
const vocabulary = Array.from({ length: 3000 }, (_, i) => `${syllables[i % 16]}${syllables[Math.floor(i / 16) % 16]}${syllables[Math.floor(i / 256) % 16]}${i}`);
const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

const kept = process.env.BENCH_DATABASE_URL;
const database = kept ? await openDatabase({ kind: 'postgres', url: kept }) : await createTestDatabase();
if (kept) await migrateToLatest(database.db);
const db = database.db;
const existing = await db.selectFrom('mail_accounts').select(['id', 'team_id', 'user_id']).where('email_address', '=', 'bench@example.test').executeTakeFirst();
const owner = existing ? { teamId: existing.team_id, userId: existing.user_id } : await createOwner(db);
const account = await repo.upsertAccount(db, {
  teamId: owner.teamId,
  userId: owner.userId,
  emailAddress: 'bench@example.test',
  name: 'Bench',
  provider: 'imap',
  imap: { host: 'imap.example.test', port: 993, secure: true },
  smtp: { host: 'smtp.example.test', port: 465, secure: true },
  username: 'bench@example.test',
  sealedSecret: 'not-used',
});
const folders = {
  inbox: await repo.upsertFolder(db, account.id, 'INBOX', 'inbox'),
  sent: await repo.upsertFolder(db, account.id, 'Sent', 'sent'),
  archive: await repo.upsertFolder(db, account.id, 'Archive', 'archive'),
  junk: await repo.upsertFolder(db, account.id, 'Junk', 'junk'),
  trash: await repo.upsertFolder(db, account.id, 'Trash', 'trash'),
};
const folderOf = (r: number) => (r < 0.7 ? folders.inbox : r < 0.8 ? folders.sent : r < 0.9 ? folders.archive : r < 0.95 ? folders.junk : folders.trash);

const loadStart = performance.now();
const now = Date.now();
const BATCH = 1000;
const stored = Number((await db.selectFrom('mail_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('account_id', '=', account.id).executeTakeFirstOrThrow()).n);
for (let start = stored; start < total; start += BATCH) {
  const rows: repo.MessageRow[] = [];
  for (let i = start; i < Math.min(total, start + BATCH); i++) {
    const body = sentence(150);
    rows.push({
      accountId: account.id,
      folderId: folderOf(random()).id,
      uidvalidity: '1',
      uid: i + 1,
      modseq: null,
      messageId: `<m${i}@bench.test>`,
      inReplyTo: null,
      references: [],
      threadRoot: `<m${i - (i % 3)}@bench.test>`,
      subject: sentence(6),
      from: { name: `Sender ${i % 500}`, address: `sender${i % 500}@bench.test` },
      to: [{ name: 'Bench', address: 'bench@example.test' }],
      cc: [],
      date: new Date(now - (total - i) * 600_000),
      snippet: body.slice(0, 200),
      text: body,
      seen: random() < 0.6,
      flagged: random() < 0.1,
      answered: false,
      keywords: random() < 0.05 ? ['lead'] : [],
      labels: [],
      attachments: [],
    });
  }
  await repo.upsertMessages(db, rows);
}
const loadMs = performance.now() - loadStart;
// What the sync does after a mailbox's first sync (VACUUM ANALYZE: PGlite has no autovacuum).
const analyzeStart = performance.now();
await repo.analyzeMailTables(db);
const analyzeMs = performance.now() - analyzeStart;

const ownerScope = { teamId: owner.teamId, userId: owner.userId };
type Request = Omit<inbox.InboxListOptions, 'folderIds' | 'flaggedOnly' | 'limit'> & { category: InboxCategory };

/** What the service (inbox.service listInbox) runs for one inbox request: the category's folders, then a page and the count. */
async function timeRequest({ category, ...options }: Request, on: Kysely<DB> = db): Promise<number> {
  const began = performance.now();
  const folders = await inbox.categoryFolders(on, ownerScope, category);
  const o = { ...options, folderIds: folders.map((f) => f.id), accountIds: [...new Set(folders.map((f) => f.account_id))], flaggedOnly: category === 'favorite', limit: 20 };
  const cap = o.search ? INBOX_COUNT_CAP.search : INBOX_COUNT_CAP.folder;
  if (o.search && !values['one-pass-search']) await search.searchMessages(on, o, cap + 1);
  else await Promise.all([inbox.listMessages(on, o), inbox.countMessages(on, o, cap + 1)]);
  return performance.now() - began;
}

const plans: string[] = [];
/** Runs one request with every statement recorded, then each statement again under EXPLAIN (ANALYZE, BUFFERS). */
async function explain(name: string, request: Request) {
  // Sub-builders pass through transformQuery too; a statement is one whose result came back.
  const built = new Map<QueryId, RootOperationNode>();
  const nodes: RootOperationNode[] = [];
  const record: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => (built.set(queryId, node), node),
    transformResult: async ({ queryId, result }) => (nodes.push(built.get(queryId)!), result),
  };
  await timeRequest(request, db.withPlugin(record));
  const figures: string[] = [];
  for (const node of nodes) {
    const query = db.getExecutor().compileQuery(node, createQueryId());
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]));
    const lines = result.rows.map((r) => r['QUERY PLAN']);
    const buffers = lines.find((l) => l.includes('Buffers:'))?.match(/hit=(\d+)/)?.[1] ?? '0';
    const read = lines.find((l) => l.includes('Buffers:'))?.match(/read=(\d+)/)?.[1] ?? '0';
    const time = lines.find((l) => l.startsWith('Execution Time'))?.match(/([\d.]+) ms/)?.[1] ?? '?';
    figures.push(`${Number(buffers) + Number(read)} pages (${read} read) ${time} ms`);
    plans.push(`-- ${name}\n${query.sql}\n${JSON.stringify(query.parameters)}\n${lines.join('\n')}\n`);
  }
  console.log(`  explain: ${figures.join(' | ')}`);
}

async function measure(name: string, next: () => Request) {
  for (let i = 0; i < 5; i++) await timeRequest(next()); // warm-up
  if (values.explain) await explain(name, next());
  const times: number[] = [];
  for (let i = 0; i < queries; i++) times.push(await timeRequest(next()));
  console.log(`${name.padEnd(46)} ${fmt(times)}`);
  return times;
}

const category = (c: InboxCategory) => c;
console.log(`inbox benchmark: ${total.toLocaleString('en')} messages on ${database.kind}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(stored >= total ? `reused ${stored.toLocaleString('en')} stored messages` : `load through the repository: ${(loadMs / 1000).toFixed(1)} s (${Math.round((total - stored) / (loadMs / 1000)).toLocaleString('en')} messages/s)`);
console.log(`vacuum analyze after the load (as after a first sync): ${(analyzeMs / 1000).toFixed(1)} s`);
const pages: number[] = [];
pages.push(...(await measure('inbox, page 1', () => ({ category: category('inbox'), offset: 0 }))));
pages.push(...(await measure('inbox, random page of the first 50', () => ({ category: category('inbox'), offset: 20 * Math.floor(random() * 50) }))));
pages.push(...(await measure('all mail, page 1', () => ({ category: category('all'), offset: 0 }))));
pages.push(...(await measure('favorite, page 1', () => ({ category: category('favorite'), offset: 0 }))));
pages.push(...(await measure('inbox, unread, page 1', () => ({ category: category('inbox'), offset: 0, filter: 'unread' }))));
const searches: number[] = [];
const common = vocabulary.slice(0, 20);
const rare = vocabulary.slice(1500);
searches.push(...(await measure('search a common word (inbox)', () => ({ category: category('inbox'), offset: 0, search: pick(common) }))));
searches.push(...(await measure('search a rare word (all mail)', () => ({ category: category('all'), offset: 0, search: pick(rare) }))));
searches.push(...(await measure('search two words (inbox)', () => ({ category: category('inbox'), offset: 0, search: `${pick(common)} ${pick(vocabulary)}` }))));
searches.push(...(await measure('search a sender address (all mail)', () => ({ category: category('all'), offset: 0, search: `sender${Math.floor(random() * 500)}@bench.test` }))));
console.log(`ALL PAGES    ${fmt(pages)}   goal p95 ≤ 50 ms`);
console.log(`ALL SEARCHES ${fmt(searches)}   goal p95 ≤ 200 ms`);
if (values.explain) fs.writeFileSync(values.plans, plans.join('\n'));
await database.close();
