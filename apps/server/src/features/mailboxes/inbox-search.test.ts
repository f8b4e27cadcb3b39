import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { createOwner } from '../../test/factories.js';
import { searchMessages } from './inbox-search.repository.js';
import * as inbox from './inbox.repository.js';
import * as repo from './mailboxes.repository.js';

let database: Database;
let view: inbox.InboxListOptions;
let junkId: string;

/** Windows of 5 and 20 messages, so 60 messages show every step: a window, a wider one, the whole view. */
const WINDOWS = [5, 20];

/** Message i's words: "every" in all, "tenth" in every tenth, "oldest" in the two oldest; the sender is one of three. */
function words(i: number) {
  return ['every', i % 10 === 0 ? 'tenth' : '', i < 2 ? 'oldest' : ''].join(' ');
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const owner = await createOwner(db);
  const account = await repo.upsertAccount(db, {
    teamId: owner.teamId,
    userId: owner.userId,
    emailAddress: 'me@example.test',
    name: 'Me',
    provider: 'imap',
    imap: { host: 'imap.example.test', port: 993, secure: true },
    smtp: { host: 'smtp.example.test', port: 465, secure: true },
    username: 'me@example.test',
    sealedSecret: 'not-used',
  });
  const inboxFolder = await repo.upsertFolder(db, account.id, 'INBOX', 'inbox');
  const archive = await repo.upsertFolder(db, account.id, 'Archive', 'archive');
  junkId = (await repo.upsertFolder(db, account.id, 'Junk', 'junk')).id;
  const start = Date.UTC(2026, 0, 1);
  const row = (i: number, folderId: string, date: Date | null, extra: Partial<repo.MessageRow> = {}): repo.MessageRow => ({
    accountId: account.id,
    folderId,
    uidvalidity: '1',
    uid: i + 1,
    modseq: null,
    messageId: `<m${i}@example.test>`,
    inReplyTo: null,
    references: [],
    threadRoot: `<m${i}@example.test>`,
    subject: `Message ${i}`,
    from: { name: `Sender ${i % 3}`, address: `sender${i % 3}@example.test` },
    to: [{ name: 'Me', address: 'me@example.test' }],
    cc: [],
    date,
    snippet: '',
    text: words(i),
    seen: false,
    flagged: i % 4 === 0,
    answered: false,
    keywords: [],
    labels: [],
    attachments: [],
    ...extra,
  });
  // Two messages share each date, so the order's tie-break (id) matters at a window's edge.
  const dated = Array.from({ length: 60 }, (_, i) => row(i, i % 2 ? archive.id : inboxFolder.id, new Date(start + Math.floor(i / 2) * 60_000)));
  const undated = [row(100, inboxFolder.id, null), row(101, archive.id, null)];
  const hidden = [row(200, junkId, new Date(start + 10_000_000)), row(201, inboxFolder.id, new Date(start + 10_000_000), { warmup: true })];
  await repo.upsertMessages(db, [...dated, ...undated, ...hidden]);
  const all = await inbox.categoryFolders(db, owner, 'all');
  view = { folderIds: all.map((f) => f.id), accountIds: [account.id], offset: 0, limit: 20 };
});

afterAll(async () => {
  await database?.close();
});

/** The answer of one query over the whole view, with no window: what a search must equal. */
async function wholeView(o: inbox.InboxListOptions, cap: number) {
  const [rows, counted] = await Promise.all([inbox.listMessages(database.db, o), inbox.countMessages(database.db, o, cap)]);
  return { ids: rows.map((r) => r.id), counted };
}

describe('a search through windows of the newest messages', () => {
  it('pages exactly as one query over the whole view, undated messages first, for every kind of word and page', async () => {
    const cases: Partial<inbox.InboxListOptions>[] = [
      { search: 'every' },
      { search: 'every', offset: 20 },
      { search: 'every', offset: 60 },
      { search: 'tenth' },
      { search: 'oldest' },
      { search: 'every tenth' },
      { search: 'sender1@example.test', offset: 5, limit: 5 },
      { search: 'every', flaggedOnly: true },
      { search: 'nothing' },
    ];
    for (const c of cases) {
      const o = { ...view, ...c };
      const found = await searchMessages(database.db, o, 1000, WINDOWS);
      expect(found.rows.map((r) => r.id), JSON.stringify(c)).toEqual((await wholeView(o, 1000)).ids);
    }
    const first = await searchMessages(database.db, { ...view, search: 'every' }, 1000, WINDOWS);
    expect(first.rows.slice(0, 2).map((r) => r.subject).sort()).toEqual(['Message 100', 'Message 101']);
    expect(['Message 58', 'Message 59']).toContain(first.rows[2]!.subject);
  });

  it('counts in the widest window, and says the total is a lower bound when matches lie past it', async () => {
    // 20 newest dated messages and the 2 undated ones.
    expect(await searchMessages(database.db, { ...view, search: 'every' }, 1000, WINDOWS)).toMatchObject({ counted: 22, lowerBound: true });
    // Past the cap the count is capped, not a lower bound.
    expect(await searchMessages(database.db, { ...view, search: 'every' }, 10, WINDOWS)).toMatchObject({ counted: 10, lowerBound: false });
  });

  it('counts every match when the page needed the whole view', async () => {
    for (const search of ['tenth', 'oldest', 'nothing']) {
      const o = { ...view, search };
      const found = await searchMessages(database.db, o, 1000, WINDOWS);
      expect({ counted: found.counted, lowerBound: found.lowerBound }, search).toEqual({ counted: (await wholeView(o, 1000)).counted, lowerBound: false });
    }
  });

  it('is exact when the view holds fewer messages than the windows', async () => {
    const o = { ...view, search: 'every' };
    const found = await searchMessages(database.db, o, 1000, [1_000, 10_000]);
    expect({ ids: found.rows.map((r) => r.id), counted: found.counted, lowerBound: found.lowerBound }).toEqual({ ...(await wholeView(o, 1000)), lowerBound: false });
  });

  it('is exact when the view holds as many dated messages as the widest window, or fewer', async () => {
    const o = { ...view, search: 'every' };
    for (const windows of [[5, 60], [5, 100]]) {
      const found = await searchMessages(database.db, o, 1000, windows);
      expect({ ids: found.rows.map((r) => r.id), counted: found.counted, lowerBound: found.lowerBound }, JSON.stringify(windows)).toEqual({ ...(await wholeView(o, 1000)), lowerBound: false });
    }
    // One more than the widest window holds: the count covers the window and says so.
    expect(await searchMessages(database.db, o, 1000, [5, 59])).toMatchObject({ lowerBound: true });
  });

  it('leaves out warm-up messages and folders outside the view', async () => {
    const found = await searchMessages(database.db, { ...view, search: 'Message 200' }, 1000, WINDOWS);
    expect(found.rows).toEqual([]);
    const junk = await searchMessages(database.db, { ...view, folderIds: [junkId], search: 'every' }, 1000, WINDOWS);
    expect(junk.rows.map((r) => r.subject)).toEqual(['Message 200']);
  });
});
