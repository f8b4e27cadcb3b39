import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emailCost, phoneCost, SEARCH_RUN_COST } from '@leadline/shared';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { DB } from '../db/schema.js';
import { checkLedger, grantCredits } from '../features/credits/index.js';
import { loadDemoPeople } from '../features/people-data/index.js';
import { createThrowawayDatabase } from '../test/database.js';
import { createOwner, type TestUser } from '../test/factories.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * A list import of `importRows` rows and a bulk enrichment of `enrichPeople` people: sized so
 * that both are still under way when each has stored its first part, and what is left after a
 * restart finishes well within the minute (PostgreSQL imports several times faster).
 */
type Sizes = { importRows: number; enrichPeople: number };
const ECHO = process.env.RESTART_TEST_ECHO === '1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let lastLogged = '';
const log = (message: string) => {
  if (ECHO && message !== lastLogged) console.log(`[${new Date().toISOString().slice(11, 23)}] ${message}`);
  lastLogged = message;
};

/** A prospect file of `rows` distinct people. */
function writeProspectFile(file: string, rows: number) {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, 'Full Name,Job Title,Company,Country\n');
  const chunk: string[] = [];
  for (let i = 1; i <= rows; i++) {
    chunk.push(`Person${i} Surname${i % 9973},Engineer ${i % 17},Company ${i % 5003},Germany`);
    if (chunk.length === 10_000 || i === rows) {
      fs.writeSync(out, `${chunk.join('\n')}\n`);
      chunk.length = 0;
    }
  }
  fs.closeSync(out);
}

type Progress = { state: string; done: number; total: number | null };

/** The API of a running server process, as the owner. */
function client(server: ServerProcess, owner: TestUser) {
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie: owner.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text).data;
  };
  return {
    async upload(file: string) {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const response = await fetch(`${server.url}/api/v1/files`, { method: 'POST', headers: { cookie: owner.cookie }, body: form });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { data: { _id: string } }).data._id;
    },
    importIntoList: (fileId: string) =>
      call('POST', '/api/v1/prospects/upload-to-list', { attachedFileInfo: { _id: fileId }, listTitle: 'Imported before the crash', useRawFileData: true }) as Promise<{ list: { _id: string }; jobId: string }>,
    enrich: (limit: number) =>
      call('POST', '/api/v1/prospects-enrichment/bulk', {
        inputs: [],
        inputsSource: { type: 'searchFilters', searchFilters: {}, limit },
        newListTitle: 'Enriched before the crash',
        enrichType: 'all',
      }) as Promise<{ jobId: string; listId: string; prospects: number }>,
    progress: (jobId: string) => call('GET', `/api/v1/jobs/${jobId}`) as Promise<Progress>,
  };
}

/** What a scenario needs from its database: where the server finds it, and access from the test around the server's runs. */
type Storage = {
  env: Record<string, string>;
  /** Runs `work` on the database while no server process has it open (the embedded one admits one process). */
  use<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  cleanUp(): Promise<void>;
};

function embeddedStorage(dataDir: string): Storage {
  return {
    env: { DATA_DIR: dataDir },
    async use(work) {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    cleanUp: async () => {},
  };
}

async function postgresStorage(adminUrl: string, dataDir: string): Promise<Storage> {
  const throwaway = await createThrowawayDatabase(adminUrl);
  const database: Database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2 });
  return {
    // A short lease keeps the test short; with the default 30 s a dead worker's jobs resume within 40 s.
    env: { DATA_DIR: dataDir, DATABASE_URL: throwaway.url, SERVICE_LEASE_SECONDS: '10' },
    use: (work) => work(database.db),
    cleanUp: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}

const children: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function killedMidJobAndRestarted(makeStorage: (dataDir: string) => Promise<Storage>, sizes: Sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-interrupted-'));
  dirs.push(dataDir);
  const storage = await makeStorage(dataDir);
  try {
    const file = path.join(dataDir, 'prospects.csv');
    writeProspectFile(file, sizes.importRows);
    const owner = await storage.use(async (db) => {
      await migrateToLatest(db);
      await loadDemoPeople(db, { people: sizes.enrichPeople, seed: 17 });
      const owner = await createOwner(db);
      await grantCredits(db, { teamId: owner.teamId, amount: sizes.enrichPeople * 250, idempotencyKey: 'interrupted-jobs-test', reason: 'test' });
      return owner;
    });
    // No vendor: the charges then depend on the people database alone.
    const env = { ...storage.env, DEMO_PEOPLE: '0', PDL_API_KEY: undefined, TEST_DATABASE_URL: undefined };

    log('starting the first server');
    const first = await startServerProcess('serve', env, { echo: ECHO });
    children.push(first);
    const api = client(first, owner);
    const fileId = await api.upload(file);
    const poll = async (jobId: string) => {
      for (const end = Date.now() + 60_000; Date.now() < end; await sleep(100)) {
        const progress = await api.progress(jobId);
        log(`${jobId}: ${progress.state} ${progress.done}/${progress.total}`);
        if (progress.done > 0 || progress.state === 'completed' || progress.state === 'failed') return progress;
      }
      throw new Error(`job ${jobId} made no progress within a minute`);
    };
    // The enrichment first, then the import: once both have stored part of their work, the
    // server is killed.
    const enriched = await api.enrich(sizes.enrichPeople);
    expect(enriched.prospects).toBe(sizes.enrichPeople);
    await poll(enriched.jobId);
    const imported = await api.importIntoList(fileId);
    const importSeen = await poll(imported.jobId);
    const enrichmentSeen = await api.progress(enriched.jobId);
    await first.kill();
    expect([importSeen.state, enrichmentSeen.state]).toEqual(['running', 'running']);
    expect(importSeen.done).toBeLessThan(sizes.importRows);
    expect(enrichmentSeen.done).toBeLessThan(sizes.enrichPeople);
    log('killed the first server');

    const restartedAt = Date.now();
    const second = await startServerProcess('serve', env, { echo: ECHO });
    children.push(second);
    log(`second server ready after ${Date.now() - restartedAt} ms`);
    const again = client(second, owner);
    let final: Progress[] = [];
    while (Date.now() - restartedAt < 60_000) {
      final = [await again.progress(imported.jobId), await again.progress(enriched.jobId)];
      log(`import ${final[0]!.state} ${final[0]!.done}/${final[0]!.total}, enrichment ${final[1]!.state} ${final[1]!.done}/${final[1]!.total}`);
      if (final.every((p) => p.state === 'completed' || p.state === 'failed')) break;
      await sleep(250);
    }
    const finishedIn = Date.now() - restartedAt;
    log(`both finished ${finishedIn} ms after the restart`);
    expect(final.map((p) => [p.state, p.done, p.total])).toEqual([
      ['completed', sizes.importRows, sizes.importRows],
      ['completed', sizes.enrichPeople, sizes.enrichPeople],
    ]);
    expect(finishedIn).toBeLessThan(60_000);
    // Resumed by the recovery, not by the jobs' expiry (an hour for imports, 10 minutes for enrichment).
    expect(second.output()).toMatch(/\[jobs\] resumed \d job\(s\)/);
    await second.stop();

    await storage.use(async (db) => {
      // The import: every row once, in the list and its count.
      const { rows: contacts } = await sql<{ rows: number; distinct_rows: number; in_list: number; list_count: number; status: string }>`
        select count(*)::int as rows, count(distinct c.source_row)::int as distinct_rows,
               (select count(*)::int from list_contacts where list_id = ${imported.list._id}) as in_list,
               l.contacts_count as list_count, l.completion_status as status
        from lists l left join contacts c on c.source_import_id = ${imported.jobId}
        where l.id = ${imported.list._id}
        group by l.contacts_count, l.completion_status`.execute(db);
      expect(contacts[0]).toEqual({ rows: sizes.importRows, distinct_rows: sizes.importRows, in_list: sizes.importRows, list_count: sizes.importRows, status: 'complete' });

      // The enrichment: charged its search run and exactly the accurate finds the people database holds (work
      // emails and mobile phones; address guesses are never charged), each once, hold released.
      const { rows: people } = await sql<{ emails: number; phones: number }>`
        select count(p.work_email)::int as emails, count(p.mobile_phone)::int as phones
        from enrichment_items i join contacts c on c.id = i.contact_id join people p on p.id = c.person_id
        join enrichment_runs r on r.id = i.run_id where r.progress_id = ${enriched.jobId}`.execute(db);
      const { rows: user } = await sql<{ database_type: 'basic' | 'premium'; are_personal_emails_priority: boolean }>`
        select t.database_type, t.are_personal_emails_priority from users u join teams t on t.id = u.team_id where u.id = ${owner.userId}`.execute(db);
      const pricing = { databaseType: user[0]!.database_type, arePersonalEmailsPriority: user[0]!.are_personal_emails_priority };
      // Enriching from search filters reveals people under one search run (search metering).
      const expected = SEARCH_RUN_COST + people[0]!.emails * emailCost(pricing) + people[0]!.phones * phoneCost();
      const { rows: ledger } = await sql<{ charged: number; entries: number; keys: number }>`
        select coalesce(sum(amount), 0)::int as charged, count(*)::int as entries, count(distinct idempotency_key)::int as keys
        from credit_ledger where team_id = ${owner.teamId} and kind = 'charge'`.execute(db);
      log(`charged ${ledger[0]!.charged} credits for ${people[0]!.emails} emails and ${people[0]!.phones} phones`);
      expect(people[0]!.emails).toBeGreaterThan(0);
      expect(ledger[0]).toEqual({ charged: expected, entries: ledger[0]!.keys, keys: ledger[0]!.keys });
      const { rows: run } = await sql<{ state: string; items: number; pending: number; open_holds: number; list_count: number }>`
        select r.state, (select count(*)::int from enrichment_items where run_id = r.id) as items,
               (select count(*)::int from enrichment_items where run_id = r.id and state = 'pending') as pending,
               (select count(*)::int from credit_holds where team_id = r.team_id and released_at is null) as open_holds,
               (select contacts_count from lists where id = r.list_id) as list_count
        from enrichment_runs r where r.progress_id = ${enriched.jobId}`.execute(db);
      expect(run[0]).toEqual({ state: 'completed', items: sizes.enrichPeople, pending: 0, open_holds: 0, list_count: sizes.enrichPeople });
      expect((await checkLedger(db)).discrepancies).toEqual([]);
    });
  } finally {
    await storage.cleanUp();
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe('a server killed in the middle of a list import and a bulk enrichment', () => {
  it.skipIf(Boolean(adminUrl))('finishes both within a minute of its restart on the embedded database, with exact rows and charges', async () => {
    await killedMidJobAndRestarted(async (dataDir) => embeddedStorage(dataDir), { importRows: 60_000, enrichPeople: 1_500 });
  }, 240_000);

  it.runIf(Boolean(adminUrl))('finishes both within a minute of its restart on PostgreSQL, with exact rows and charges', async () => {
    await killedMidJobAndRestarted((dataDir) => postgresStorage(adminUrl!, dataDir), { importRows: 250_000, enrichPeople: 2_000 });
  }, 240_000);
});
