import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CREDIT_COSTS } from '@leadline/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { startRuntime } from '../../runtime.js';
import { createOwner, createPeople } from '../../test/factories.js';
import { testConfig } from '../../test/test-app.js';
import { startChatCompletionsServer } from '../../test/vendors/chat-completions-server.js';
import { createFromPeople } from '../contacts/index.js';
import { checkLedger, grantCredits } from '../credits/index.js';
import { addContactsToList, insertList } from '../lists/index.js';
import { createAgent, runAgentNow } from './agents.service.js';

const ACCOUNTS = 100;
const worker = path.join(import.meta.dirname, '../../test/fixtures/agent-worker.ts');

/** Runs a worker process until it exits, or SIGKILLs it once `kill(answers so far)` says so. */
function runWorker(dataDir: string, aiBaseUrl: string, kill: ((done: number) => boolean) | null) {
  return new Promise<{ output: string; killed: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir, aiBaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let killed = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const done = [...output.matchAll(/DONE (\d+)/g)].map((m) => Number(m[1]));
      if (!killed && kill && done.length > 0 && kill(done.at(-1)!)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.once('exit', () => resolve({ output, killed }));
    child.once('error', reject);
  });
}

// The processes share an embedded database on disk; the PostgreSQL run of the suite skips this file.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a research agent run whose worker is killed midway', () => {
  it('resumes after the restart, answers every account once and charges each account once', async () => {
    const chat = await startChatCompletionsServer({ fallback: () => ({ kind: 'message', content: 'They sell to mid-market banks.' }) });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-agent-crash-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const setup = await startRuntime(testConfig({ dataDir }), { serve: false, work: false, database });
    let teamId: string;
    let runId: string;
    try {
      const db = setup.ctx.db;
      const owner = await createOwner(db);
      teamId = owner.teamId;
      await grantCredits(db, { teamId, amount: ACCOUNTS * 100, idempotencyKey: 'agent-crash', reason: 'test' });
      const people = await createPeople(db, Array.from({ length: ACCOUNTS }, (_, i) => ({ id: `ak-${i}`, full_name: `person ${i}`, job_company_name: `company ${i}` })));
      const list = await insertList(db, { teamId, name: 'Accounts', entityType: 'contactList', createdBy: owner.userId });
      const contacts = await createFromPeople(db, teamId, Object.values(people));
      await addContactsToList(db, teamId, list.id, [...contacts.values()], 'other');
      const actor = { userId: owner.userId, teamId, email: owner.email, name: owner.name, permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: '' } as Actor;
      const agent = await createAgent(setup.ctx, actor, { kind: 'research', listId: list.id, name: 'Who they sell to', instructions: 'Who does this company sell to?', schedule: 'manual', maxResults: 25 });
      runId = (await runAgentNow(setup.ctx, actor, agent.id)).id;
    } finally {
      await setup.close();
    }

    const first = await runWorker(dataDir, chat.baseUrl, (done) => done >= 10);
    expect(first.killed, first.output).toBe(true);
    expect(first.output).not.toContain('FINISHED');
    const last = await runWorker(dataDir, chat.baseUrl, null);
    expect(last.output).toContain('FINISHED');
    await chat.close();

    const reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const db = reopened.db;
      expect((await checkLedger(db)).discrepancies).toEqual([]);
      const { rows: run } = await sql<{ status: string; attempts: number; progress_done: number }>`select status, attempts, progress_done from agent_runs where id = ${runId}`.execute(db);
      expect(run[0]).toMatchObject({ status: 'succeeded', progress_done: ACCOUNTS });
      expect(run[0]!.attempts).toBeGreaterThan(1);
      const { rows: answers } = await sql<{ n: number; accounts: number }>`select count(*)::int as n, count(distinct contact_id)::int as accounts from agent_answers where run_id = ${runId}`.execute(db);
      expect(answers[0]).toEqual({ n: ACCOUNTS, accounts: ACCOUNTS });
      // One charge per account, whatever attempt answered it: the killed attempt's open hold charged nothing twice.
      const { rows: charges } = await sql<{ entries: number; amount: number }>`
        select count(*)::int as entries, coalesce(sum(amount), 0)::int as amount from credit_ledger where team_id = ${teamId} and kind = 'charge'`.execute(db);
      expect(charges[0]).toEqual({ entries: ACCOUNTS, amount: ACCOUNTS * CREDIT_COSTS.agentResearchQuery });
    } finally {
      await reopened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
