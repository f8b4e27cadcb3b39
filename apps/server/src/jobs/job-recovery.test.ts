import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import type { AppContext } from '../lib/context.js';
import { jobHandler, type JobRegistration } from '../lib/feature-module.js';
import { defineJob } from '../lib/job-definition.js';
import { createTestDatabase } from '../test/database.js';
import { testConfig } from '../test/test-app.js';
import { HeldJobs } from './held-jobs.js';
import { beat, resumeAbandonedJobs } from './job-recovery.repository.js';
import { JobRecovery, resumeInterruptedJobs } from './job-recovery.js';
import { Queue } from './queue.js';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * A job (one queue per test, so no other test's worker fetches it) whose first attempt hangs, as
 * a worker killed mid-job leaves it: active, its handler never returning. Later attempts record
 * their attempt number.
 */
const attempts = new Map<string, number[]>();
const hung = new Promise<void>(() => {});
function holdJob(key: string, options: { retryLimit?: number } = {}): JobRegistration {
  const definition = defineJob({ name: `test.recovery-${key}`, payload: z.object({}), retryDelaySeconds: 60, expireInSeconds: 3600, ...options });
  const handle = jobHandler(definition, async (_ctx, _payload, run) => {
    attempts.set(key, [...(attempts.get(key) ?? []), run.retryCount]);
    if (run.retryCount === 0) await hung;
  });
  return { definition, handler: async () => ({ default: handle }) };
}

let database: Database;
const started: Queue[] = [];
const recoveries: JobRecovery[] = [];

/**
 * A process's queue on the test database; `work` makes it a worker. Queues are stopped only
 * after the tests: pg-boss's stop fails the jobs its process runs, which a killed process never
 * does.
 */
async function startQueue(job: JobRegistration, work: boolean) {
  const queue = await Queue.start(database.executeSql, [job], () => {});
  started.push(queue);
  const ctx: AppContext = { db: database.db, queue, events: { publish: async () => {} } as never, config: testConfig() };
  if (work) await queue.work(ctx, { pollingIntervalSeconds: 0.5 });
  return queue;
}

function recovery(queue: Queue, leaseSeconds: number) {
  const r = new JobRecovery({ db: database.db, queues: queue.names, held: queue.held, leaseSeconds, log: () => {} });
  recoveries.push(r);
  return r;
}

const jobState = async (id: string) =>
  (await sql<{ state: string; retry_count: number }>`select state::text as state, retry_count from pgboss.job where id = ${id}`.execute(database.db)).rows[0]!;

/** Sends the job and waits until the worker holds it (active, its handler hanging). */
async function activeJob(sender: Queue, job: JobRegistration) {
  const id = (await sender.send(job.definition, {}))!;
  await until(async () => (await jobState(id)).state === 'active');
  return id;
}

const heartbeatRows = async (worker: string) =>
  (await sql`select worker from worker_heartbeats where worker = ${worker}`.execute(database.db)).rows.length;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const r of recoveries.splice(0)) await r.stop();
  await sql`delete from worker_heartbeats`.execute(database.db);
});
afterAll(async () => {
  for (const q of started) await q.stop({ graceful: false });
  await database.close();
});

describe('resuming interrupted jobs', () => {
  it('puts every active job back to run at once, counting the interrupted attempt', async () => {
    const job = holdJob('restart');
    const id = await activeJob(await startQueue(job, true), job);

    const resumed = await resumeInterruptedJobs(database.db, () => {});
    expect(resumed).toEqual([{ id, name: job.definition.name, state: 'retry' }]);
    // It runs now, not after the job's retry delay (60 s) or its expiry (an hour).
    await startQueue(job, true);
    await until(async () => (await jobState(id)).state === 'completed');
    expect(attempts.get('restart')).toEqual([0, 1]);
  });

  it('gives a job interrupted on its last attempt one more, past its limit', async () => {
    const job = holdJob('last', { retryLimit: 0 });
    const id = await activeJob(await startQueue(job, true), job);
    expect(await resumeInterruptedJobs(database.db, () => {})).toEqual([{ id, name: job.definition.name, state: 'retry' }]);
    // The extra attempt runs (the handler hangs on attempt 0 only) and sees it is past the limit.
    await startQueue(job, true);
    await until(async () => (await jobState(id)).state === 'completed');
    expect(attempts.get('last')).toEqual([0, 1]);
  });

  it('fails a job interrupted again on the extra attempt', async () => {
    const job = holdJob('extra', { retryLimit: 0 });
    const id = await activeJob(await startQueue(job, true), job);
    // As if the extra attempt had been fetched and its process killed as well.
    await sql`update pgboss.job set retry_count = 1 where id = ${id}`.execute(database.db);
    expect(await resumeInterruptedJobs(database.db, () => {})).toEqual([{ id, name: job.definition.name, state: 'failed' }]);
    expect((await jobState(id)).state).toBe('failed');
  });
});

describe('heartbeats on a shared database', () => {
  it("leaves a live worker's jobs alone, and resumes them once its heartbeat has expired", async () => {
    const job = holdJob('dies');
    const worker = await startQueue(job, true);
    const workerRecovery = recovery(worker, 1);
    await workerRecovery.start({ beat: true });
    const id = await activeJob(worker, job);
    // Another process, whose sweeps the test calls itself.
    const other = recovery(await startQueue(job, false), 1);

    // Another worker is dead, so the sweep looks; the job is older than the grace, but reported.
    await beat(database.db, 'gone', [], 0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await other.sweep()).toEqual([]);
    expect((await jobState(id)).state).toBe('active');

    // The worker stops beating, as a killed one does: its row stays and expires a second later.
    await workerRecovery.stop();
    expect(await heartbeatRows(workerRecovery.worker)).toBe(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await other.sweep()).toEqual([{ id, name: job.definition.name, state: 'retry' }]);
    await startQueue(job, true);
    await until(async () => (await jobState(id)).state === 'completed');
    expect(attempts.get('dies')).toEqual([0, 1]);
  });

  it('removes its heartbeat on a stop that leaves no job running', async () => {
    const job = holdJob('clean-stop');
    const idle = recovery(await startQueue(job, true), 30);
    await idle.start({ beat: true });
    expect(await heartbeatRows(idle.worker)).toBe(1);
    await idle.stop();
    expect(await heartbeatRows(idle.worker)).toBe(0);
  });

  it('resumes a job fetched by a worker that died before reporting it, once the grace has passed', async () => {
    const job = holdJob('unreported');
    const worker = await startQueue(job, true);
    const id = await activeJob(worker, job);
    await beat(database.db, 'dead-before-reporting', [], 0);
    const sweep = () => resumeAbandonedJobs(database.db, { queues: worker.names, graceSeconds: 2, message: 'test' });
    expect(await sweep()).toEqual([]);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await sweep()).toEqual([{ id, name: job.definition.name, state: 'retry' }]);
  });

  it('looks for nothing while no heartbeat has expired', async () => {
    const job = holdJob('no-dead-worker');
    const worker = await startQueue(job, true);
    const id = await activeJob(worker, job);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await resumeAbandonedJobs(database.db, { queues: worker.names, graceSeconds: 1, message: 'test' })).toEqual([]);
    expect((await jobState(id)).state).toBe('active');
  });

  it('puts a job back once when two processes sweep at the same moment', async () => {
    const job = holdJob('two-sweepers');
    const worker = await startQueue(job, true);
    const id = await activeJob(worker, job);
    await beat(database.db, 'dead', [id], 0);
    await new Promise((r) => setTimeout(r, 1100));
    const sweep = () => resumeAbandonedJobs(database.db, { queues: worker.names, graceSeconds: 1, message: 'test' });
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect([...a, ...b]).toEqual([{ id, name: job.definition.name, state: 'retry' }]);
  });

  it('reports a job until one heartbeat after its handler returned', () => {
    const held = new HeldJobs();
    held.begin('a');
    held.begin('b');
    held.end('a');
    const first = held.report();
    expect(first.ids.sort()).toEqual(['a', 'b']);
    first.reported();
    expect(held.report().ids).toEqual(['b']);
  });
});
