// The syncing process of bench/mail-sync.ts: a database of its own (PGlite on disk, or a
// throwaway PostgreSQL database with TEST_DATABASE_URL), one IMAP mailbox (BENCH_IMAP), and the
// product's first sync of it, timed, with this process's RSS sampled while it runs.
// Prints one line: RESULT {json}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectMailbox } from '../apps/server/src/features/mailboxes/mailbox-login.js';
import { syncAllFolders } from '../apps/server/src/features/mailboxes/mailbox-sync.js';
import * as repo from '../apps/server/src/features/mailboxes/mailboxes.repository.js';
import { loadConfig } from '../apps/server/src/lib/config.js';
import { secretBoxFor } from '../apps/server/src/lib/crypto/secret-box.js';
import type { WriteLane } from '../apps/server/src/lib/service-definition.js';
import { createWriteLane } from '../apps/server/src/supervisor/index.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createTestDatabase } from '../apps/server/src/test/database.js';
import { createOwner } from '../apps/server/src/test/factories.js';
import { inMb, sampleMemory, startMemorySampler } from './mail-sync-memory.js';

const imap = JSON.parse(process.env.BENCH_IMAP!) as { host: string; port: number; email: string; password: string };
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-bench-sync-'));
const config = { ...loadConfig({ DATA_DIR: dataDir }), outboundAllowPrivate: true, encryptionKey: undefined };

// PGlite keeps its files under DATA_DIR, as `npm start` does (in memory, they would count as RSS).
const database = process.env.TEST_DATABASE_URL ? await createTestDatabase() : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
if (database.kind === 'pglite') await migrateToLatest(database.db);
const db = database.db;
const owner = await createOwner(db);
const { id } = await repo.upsertAccount(db, {
  teamId: owner.teamId,
  userId: owner.userId,
  emailAddress: imap.email,
  name: 'Bench Seller',
  provider: 'imap',
  imap: { host: imap.host, port: imap.port, secure: false },
  smtp: { host: imap.host, port: imap.port, secure: false },
  username: imap.email,
  sealedSecret: secretBoxFor(config).seal(imap.password),
});
const account = (await repo.findAccount(db, id))!;

globalThis.gc?.();
const before = sampleMemory();
const sampler = startMemorySampler();
const inner = createWriteLane(db, database.kind);
const started = performance.now();
let firstRowsMs = 0;
// The first batch written is the newest INBOX messages: when the inbox starts to show mail.
const lane: WriteLane = {
  writeInBatches: (rows, write, options) =>
    inner.writeInBatches(rows, async (trx, batch) => {
      await write(trx, batch);
      firstRowsMs ||= performance.now() - started;
    }, options),
};
const client = await connectMailbox({ db, config }, account);
await syncAllFolders(client, { db, lane, accountId: id });
const syncMs = performance.now() - started;
const { peak, highest } = sampler.stop();
await client.logout();
const stored = Number((await db.selectFrom('mail_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('account_id', '=', id).executeTakeFirstOrThrow()).n);
const result = {
  syncMs,
  firstRowsMs,
  stored,
  rssBeforeMb: mb(before.rss),
  peakRssMb: mb(peak.rss),
  maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  database: database.kind,
  before: inMb(before),
  atPeak: inMb(peak),
  highest: inMb(highest),
};
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`RESULT ${JSON.stringify(result)}`);
