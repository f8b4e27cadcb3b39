import { SEARCH_RUN_COST } from '@leadline/shared';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { startRuntime } from '../../runtime.js';
import { createOwner } from '../../test/factories.js';
import { crashTestBulkEnrichment } from '../../test/fixtures/enrichment-crash-job.js';
import { testConfig } from '../../test/test-app.js';
import { checkLedger, grantCredits } from '../credits/index.js';
import { loadDemoPeople } from '../people-data/index.js';
import { startBulkEnrichment } from './enrichment.service.js';

const CONTACTS = 1_500;
const KILLS = 3;
/**
 * Items a worker works before it is killed. Most of this test's time is rows worked (about 25 a
 * second on a loaded machine) and worker start-ups (PGlite and pg-boss, about 30 s there): 1,500
 * contacts leave the last worker over half of them even when each kill lands late.
 */
const KILL_AFTER_ITEMS = 150;
const worker = path.join(import.meta.dirname, '../../test/fixtures/enrichment-worker.ts');

/** Runs a worker process until it exits, or until `kill(items done since it started)` says to SIGKILL it. */
function runWorker(dataDir: string, kill: ((done: number) => boolean) | null) {
  return new Promise<{ output: string; killed: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let start: number | null = null;
    let killed = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const done = [...output.matchAll(/DONE (\d+)/g)].map((m) => Number(m[1]));
      if (done.length > 0) start ??= done[0]!;
      if (!killed && kill && start !== null && kill(done.at(-1)! - start)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.once('exit', () => resolve({ output, killed }));
    child.once('error', reject);
  });
}

// The worker processes share an embedded database on disk; the PostgreSQL run of the suite skips this file.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a bulk enrichment whose worker is killed again and again', () => {
  it('ends with a balanced ledger, no contact charged twice, one final state each, and no open hold', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-enrich-crash-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const setup = await startRuntime(testConfig({ dataDir }), { serve: false, work: false, database, jobs: [crashTestBulkEnrichment] });
    let runId: string;
    let teamId: string;
    try {
      const db = setup.ctx.db;
      await loadDemoPeople(db, { people: CONTACTS, seed: 11 });
      const owner = await createOwner(db);
      teamId = owner.teamId;
      await grantCredits(db, { teamId, amount: CONTACTS * 250, idempotencyKey: 'crash-test', reason: 'test' });
      const actor = { userId: owner.userId, teamId, email: owner.email, name: owner.name, permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: '' } as Actor;
      const started = await startBulkEnrichment(
        setup.ctx,
        actor,
        { inputs: [], inputsSource: { type: 'searchFilters', searchFilters: {}, limit: CONTACTS }, newListTitle: 'Crash test', enrichType: 'all' },
      );
      expect(started.prospects).toBe(CONTACTS);
      runId = (await sql<{ id: string }>`select id from enrichment_runs`.execute(db)).rows[0]!.id;
    } finally {
      await setup.close();
    }

    // Kill the worker a hundred-odd items into its work, several times over: each kill lands
    // mid-run (items done, others pending, credits held), and the last worker has most left to do.
    for (let i = 0; i < KILLS; i++) {
      const run = await runWorker(dataDir, (progressed) => progressed >= KILL_AFTER_ITEMS);
      expect(run.killed, run.output).toBe(true);
      expect(run.output).not.toContain('FINISHED');
    }
    const last = await runWorker(dataDir, null);
    expect(last.output).toContain('FINISHED');

    const reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const db = reopened.db;
      const check = await checkLedger(db);
      expect(check.discrepancies).toEqual([]);
      const { rows: states } = await sql<{ state: string; n: number }>`
        select state, count(*)::int as n from enrichment_items where run_id = ${runId} group by state order by state`.execute(db);
      expect(states.reduce((sum, s) => sum + s.n, 0)).toBe(CONTACTS);
      expect(states.find((s) => s.state === 'pending')).toBeUndefined();
      expect(states.find((s) => s.state === 'failed')).toBeUndefined();
      // One charge entry per (item, kind) at most, and the ledger's charges equal what the items say they cost.
      const { rows: charges } = await sql<{ entries: number; keys: number; amount: number }>`
        select count(*)::int as entries, count(distinct idempotency_key)::int as keys, coalesce(sum(amount), 0)::int as amount
        from credit_ledger where team_id = ${teamId} and kind = 'charge'`.execute(db);
      const { rows: items } = await sql<{ charged: number; twice: number }>`
        select coalesce(sum(credits_charged), 0)::int as charged,
               (select count(*) from (select contact_id from enrichment_items group by contact_id having count(*) > 1) d)::int as twice
        from enrichment_items where run_id = ${runId}`.execute(db);
      expect(charges[0]!.entries).toBe(charges[0]!.keys);
      // Plus the one search run the filters were revealed under (search metering).
      expect(charges[0]!.amount).toBe(items[0]!.charged + SEARCH_RUN_COST);
      expect(items[0]!.twice).toBe(0);
      expect(charges[0]!.amount).toBeGreaterThan(0);
      const { rows: holds } = await sql<{ open: number }>`select count(*)::int as open from credit_holds where team_id = ${teamId} and released_at is null`.execute(db);
      expect(holds[0]!.open).toBe(0);
      const { rows: run } = await sql<{ state: string }>`select state from enrichment_runs where id = ${runId}`.execute(db);
      expect(run[0]!.state).toBe('completed');
    } finally {
      await reopened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
