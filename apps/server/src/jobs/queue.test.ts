import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { openDatabase } from '../db/database.js';
import { ProgressTracker } from '../features/progress/progress.service.js';
import { startRuntime } from '../runtime.js';
import { createOwner, type TestUser } from '../test/factories.js';
import { slowJobRegistration } from '../test/fixtures/slow-job.js';
import { createTestApp, testConfig, type TestApp } from '../test/test-app.js';
import { jobHandler, type JobRegistration } from '../lib/feature-module.js';
import { defineJob } from '../lib/job-definition.js';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
};

/** Counts items into a progress record; fails its first attempt when asked, like a crash would. */
let attempts = 0;
const countJob = defineJob({
  name: 'test.count',
  payload: z.object({ progressId: z.uuid(), items: z.number().int(), failFirstAttempt: z.boolean() }),
  retryDelaySeconds: 1,
});
const countHandler = jobHandler(countJob, async (ctx, payload, run) => {
  attempts++;
  const progress = new ProgressTracker(ctx.db, payload.progressId);
  const current = await progress.current();
  if (current.state === 'completed') return; // re-checked: a redelivery does nothing twice
  await progress.start(payload.items);
  for (let done = current.done; done < payload.items; done++) {
    if (payload.failFirstAttempt && run.retryCount === 0 && done === 2) throw new Error('worker crashed');
    await progress.advance(done + 1);
  }
  await progress.recordErrors([{ message: 'row 3 had no name', item: '3' }]);
  await progress.complete({ counted: payload.items });
});
const countJobRegistration: JobRegistration = { definition: countJob, handler: async () => ({ default: countHandler }) };

/** One waiting per key: what the definition's policy and singleton key promise. */
const onePerKey = defineJob({
  name: 'test.one-per-key',
  payload: z.object({ key: z.string() }),
  policy: 'stately',
  singletonKey: ({ key }) => key,
});
const onePerKeyRegistration: JobRegistration = { definition: onePerKey, handler: async () => ({ default: async () => {} }) };

/** Fetched five at a time; a payload asks to fail, or to take a while. */
const batchRuns: number[] = [];
const batchJob = defineJob({ name: 'test.batch', payload: z.object({ n: z.number().int(), fail: z.boolean() }), batchSize: 5, retryLimit: 0 });
const batchRegistration: JobRegistration = {
  definition: batchJob,
  handler: async () => ({
    default: jobHandler(batchJob, async (_ctx, payload) => {
      batchRuns.push(payload.n);
      if (payload.fail) throw new Error(`job ${payload.n} failed`);
    }),
  }),
};
const slowBatchRuns: number[] = [];
const slowBatchJob = defineJob({ name: 'test.slow-batch', payload: z.object({ n: z.number().int() }), batchSize: 3, retryLimit: 0, expireInSeconds: 4 });
const slowBatchRegistration: JobRegistration = {
  definition: slowBatchJob,
  handler: async () => ({
    default: jobHandler(slowBatchJob, async (_ctx, payload) => {
      slowBatchRuns.push(payload.n);
      await new Promise((r) => setTimeout(r, 2100)); // past half the job's expiry
    }),
  }),
};

/** Both fail; each first notes the state of the other, fetched with it in one batch. */
const seenOthers: string[] = [];
const failingBatchJob = defineJob({ name: 'test.failing-batch', payload: z.object({ n: z.number().int() }), batchSize: 2, retryLimit: 0 });
const failingBatchRegistration: JobRegistration = {
  definition: failingBatchJob,
  handler: async () => ({
    default: jobHandler(failingBatchJob, async (ctx, payload, run) => {
      const others = await sql<{ state: string }>`select state from pgboss.job where name = ${failingBatchJob.name} and id <> ${run.id} and started_on is not null`.execute(ctx.db);
      seenOthers.push(...others.rows.map((r) => r.state));
      throw new Error(`job ${payload.n} failed`);
    }),
  }),
};

const stopBatchRuns: number[] = [];
const stopBatchJob = defineJob({ name: 'test.stop-batch', payload: z.object({ n: z.number().int() }), batchSize: 3, retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 60 });
const stopBatchRegistration: JobRegistration = {
  definition: stopBatchJob,
  handler: async () => ({
    default: jobHandler(stopBatchJob, async (_ctx, payload) => {
      stopBatchRuns.push(payload.n);
      await new Promise((r) => setTimeout(r, 800));
    }),
  }),
};

/** The first to start waits (up to 10 s) for another job of its batch to end. */
const turnEvents: string[] = [];
let turnWaitTimedOut = false;
const turnBatchJob = defineJob({ name: 'test.turn-batch', payload: z.object({ n: z.number().int() }), batchSize: 3, retryLimit: 0, batchTurnSeconds: 0.3 });
const turnBatchRegistration: JobRegistration = {
  definition: turnBatchJob,
  handler: async () => ({
    default: jobHandler(turnBatchJob, async (_ctx, payload) => {
      const first = turnEvents.length === 0;
      turnEvents.push(`start ${payload.n}`);
      if (first) {
        const end = Date.now() + 10_000;
        while (!turnEvents.some((e) => e.startsWith('end')) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
        turnWaitTimedOut = !turnEvents.some((e) => e.startsWith('end'));
      }
      turnEvents.push(`end ${payload.n}`);
    }),
  }),
};

/** Each outlasts its turn: how many run at once? */
let slowRunning = 0;
let slowMostRunning = 0;
const slowTurnJob = defineJob({ name: 'test.slow-turn-batch', payload: z.object({ n: z.number().int() }), batchSize: 5, retryLimit: 0, batchTurnSeconds: 0.1 });
const slowTurnRegistration: JobRegistration = {
  definition: slowTurnJob,
  handler: async () => ({
    default: jobHandler(slowTurnJob, async () => {
      slowMostRunning = Math.max(slowMostRunning, ++slowRunning);
      await new Promise((r) => setTimeout(r, 800));
      slowRunning--;
    }),
  }),
};

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ work: true, jobs: [countJobRegistration, onePerKeyRegistration, batchRegistration, slowBatchRegistration, failingBatchRegistration, turnBatchRegistration, slowTurnRegistration] });
  owner = await createOwner(t.ctx.db);
});
afterAll(() => t.close());

describe('jobs and their progress', () => {
  it('runs a job and exposes its progress through the API', async () => {
    const progress = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'count' });
    await t.ctx.queue.send(countJob, { progressId: progress.id, items: 5, failFirstAttempt: false });
    await until(async () => (await progress.current()).state === 'completed');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${progress.id}`, headers: { cookie: owner.cookie } });
    expect(response.json().data).toMatchObject({
      kind: 'count',
      state: 'completed',
      done: 5,
      total: 5,
      errorCount: 1,
      errors: [expect.objectContaining({ message: 'row 3 had no name', item: '3' })],
      result: { counted: 5 },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?kind=count', headers: { cookie: owner.cookie } });
    expect(list.json().data.map((j: { _id: string }) => j._id)).toContain(progress.id);
  });

  it('retries a failed attempt and resumes where it stopped', async () => {
    const before = attempts;
    const progress = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'count' });
    await t.ctx.queue.send(countJob, { progressId: progress.id, items: 4, failFirstAttempt: true });
    await until(async () => (await progress.current()).state === 'completed');
    expect(attempts - before).toBe(2);
    expect((await progress.current()).done).toBe(4);
  });

  it('enqueues inside a transaction only when it commits', async () => {
    const progress = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'count' });
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.queue.send(countJob, { progressId: progress.id, items: 1, failFirstAttempt: false }, { trx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await progress.current()).state).toBe('queued');
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.ctx.queue.send(countJob, { progressId: progress.id, items: 1, failFirstAttempt: false }, { trx });
    });
    await until(async () => (await progress.current()).state === 'completed');
  });

  it('runs a batch of jobs one by one, failing only the one that failed', async () => {
    // Sent in one transaction, so the worker's one fetch finds them all.
    const ids = await t.ctx.db.transaction().execute(async (trx) => {
      const sent: string[] = [];
      for (const n of [1, 2, 3, 4]) sent.push((await t.ctx.queue.send(batchJob, { n, fail: n === 2 }, { trx }))!);
      return sent;
    });
    const states = async () => Promise.all(ids.map(async (id) => (await t.runtime.queue.getJob(batchJob.name, id))!));
    await until(async () => (await states()).every((job) => job.state === 'completed' || job.state === 'failed'));
    const jobs = await states();
    expect(jobs.map((job) => job.state)).toEqual(['completed', 'failed', 'completed', 'completed']);
    expect(jobs[1]!.output).toMatchObject({ message: 'job 2 failed' });
    expect([...batchRuns].sort()).toEqual([1, 2, 3, 4]);
    // One fetch took them all: started in one statement, at one time.
    const started = await sql<{ started_on: Date }>`select started_on from pgboss.job where id = any(${ids}::uuid[])`.execute(t.ctx.db);
    expect(new Set(started.rows.map((r) => r.started_on.toISOString())).size).toBe(1);
  });

  it("keeps a batch's failed job active until the batch ends, so pg-boss's completion of the batch cannot end a retry of it", async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const n of [1, 2]) await t.ctx.queue.send(failingBatchJob, { n }, { trx });
    });
    await until(async () => seenOthers.length === 2 && (await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${failingBatchJob.name} and state = 'failed'`.execute(t.ctx.db)).rows[0]!.n === 2);
    // The first saw the second waiting its turn; the second saw the first, which had failed,
    // still active.
    expect(seenOthers).toEqual(['active', 'active']);
  });

  it('hands back the jobs of a batch not started by half their expiry, without running them', async () => {
    const ids = await t.ctx.db.transaction().execute(async (trx) => {
      const sent: string[] = [];
      for (const n of [1, 2, 3]) sent.push((await t.ctx.queue.send(slowBatchJob, { n }, { trx }))!);
      return sent;
    });
    const states = async () => (await sql<{ id: string; state: string; started_on: Date | null; retry_count: number; output: { message?: string } | null }>`select id, state, started_on, retry_count, output from pgboss.job where id = any(${ids}::uuid[])`.execute(t.ctx.db)).rows;
    await until(async () => (await states()).some((job) => job.state === 'completed'));
    // The first of the batch (in pg-boss's order) ran; it outlasted half the expiry, so the two
    // after it went back without running, as if never fetched (no attempt counted), for later.
    expect(slowBatchRuns).toHaveLength(1);
    const jobs = await states();
    expect(jobs).toHaveLength(3);
    for (const job of jobs) {
      if (job.id === ids[slowBatchRuns[0]! - 1]) expect(job.state).toBe('completed');
      else expect(job).toMatchObject({ state: 'retry', started_on: null, retry_count: 0, output: { message: expect.stringContaining('not started') } });
    }
  });

  it('starts the next job of a batch beside one that outlasts its turn', async () => {
    const ids = await t.ctx.db.transaction().execute(async (trx) => {
      const sent: string[] = [];
      for (const n of [1, 2, 3]) sent.push((await t.ctx.queue.send(turnBatchJob, { n }, { trx }))!);
      return sent;
    });
    const states = async () => (await sql<{ state: string }>`select state from pgboss.job where id = any(${ids}::uuid[])`.execute(t.ctx.db)).rows.map((r) => r.state);
    await until(async () => (await states()).every((state) => state === 'completed'));
    // The first still waited when the second started after its turn, ran and ended; one at a
    // time, the first would have waited out its 10 s for nothing.
    const [started, second, ended] = turnEvents;
    expect([started!.startsWith('start'), second!.startsWith('start'), ended]).toEqual([true, true, `end ${second!.slice(6)}`]);
    expect(turnWaitTimedOut).toBe(false);
    expect(turnEvents.filter((e) => e.startsWith('end')).sort()).toEqual(['end 1', 'end 2', 'end 3']);
  });

  it('runs no more than three jobs of a batch at once, however many outlast their turn', async () => {
    const ids = await t.ctx.db.transaction().execute(async (trx) => {
      const sent: string[] = [];
      for (const n of [1, 2, 3, 4, 5]) sent.push((await t.ctx.queue.send(slowTurnJob, { n }, { trx }))!);
      return sent;
    });
    await until(async () => (await sql<{ state: string }>`select state from pgboss.job where id = any(${ids}::uuid[])`.execute(t.ctx.db)).rows.every((r) => r.state === 'completed'));
    expect(slowMostRunning).toBe(3);
  });

  it('refuses a payload that does not match the job schema', async () => {
    await expect(t.ctx.queue.send(countJob, { progressId: 'nope', items: 1, failFirstAttempt: false })).rejects.toThrow();
  });
});

describe('job options', () => {
  it("keeps one waiting job per singleton key when the definition's policy says so", async () => {
    const later = { startAfterSeconds: 3600 };
    const first = await t.ctx.queue.send(onePerKey, { key: 'list-a' }, later);
    expect(first).toEqual(expect.any(String));
    expect(await t.ctx.queue.send(onePerKey, { key: 'list-a' }, later)).toBeNull();
    expect(await t.ctx.queue.send(onePerKey, { key: 'list-b' }, later)).toEqual(expect.any(String));
  });

  it('refuses a job the queue was not given', async () => {
    const stranger = defineJob({ name: 'test.unregistered', payload: z.object({}) });
    await expect(t.ctx.queue.send(stranger, {})).rejects.toThrow('not registered');
  });
});

describe('a stop', () => {
  it('starts no more jobs of the batch under way, and hands them back to run again', async () => {
    const other = await createTestApp({ work: true, jobs: [stopBatchRegistration] });
    try {
      const ids = await other.ctx.db.transaction().execute(async (trx) => {
        const sent: string[] = [];
        for (const n of [1, 2, 3]) sent.push((await other.ctx.queue.send(stopBatchJob, { n }, { trx }))!);
        return sent;
      });
      await until(async () => stopBatchRuns.length === 1);
      await other.runtime.queue.stop({ graceful: true });
      expect(stopBatchRuns).toHaveLength(1);
      const jobs = await sql<{ id: string; state: string; output: { message?: string } | null }>`select id, state, output from pgboss.job where id = any(${ids}::uuid[])`.execute(other.ctx.db);
      const [ran] = stopBatchRuns;
      for (const job of jobs.rows) {
        if (job.id === ids[ran! - 1]) expect(job.state).toBe('completed');
        else expect(job).toMatchObject({ state: 'retry', output: { message: expect.stringContaining('the worker was stopping') } });
      }
      expect(jobs.rows).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});

describe('a restart', () => {
  it('retries the job of a worker process killed mid-run (embedded database on disk)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-restart-'));
    const worker = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../test/fixtures/crashing-worker.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    worker.stdout.on('data', (chunk) => (output += chunk));
    // A fresh database on disk is migrated first: close to a minute on a loaded machine.
    await until(async () => output.includes('SLOW_JOB_RUNNING'), 90_000);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    const progressId = /PROGRESS_ID (\S+)/.exec(output)![1]!;

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const second = await startRuntime(testConfig({ dataDir }), {
      serve: false,
      work: true,
      database,
      jobs: [slowJobRegistration],
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    try {
      const tracker = new ProgressTracker(second.ctx.db, progressId);
      await until(async () => (await tracker.current()).state === 'completed', 30_000);
      expect((await tracker.current()).result).toEqual({ attempt: 2 });
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
