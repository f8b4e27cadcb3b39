import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ work: true, jobs: [countJobRegistration, onePerKeyRegistration] });
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
