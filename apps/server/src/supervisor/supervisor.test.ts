import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { AppContext } from '../lib/context.js';
import { startRuntime } from '../runtime.js';
import { createTestDatabase } from '../test/database.js';
import { newRunLog, trackingService, type RunLog } from '../test/fixtures/lease-service.js';
import { testConfig } from '../test/test-app.js';
import { findLeases } from './leases.repository.js';
import { Supervisor } from './supervisor.js';
import type { ServiceDefinition } from '../lib/service-definition.js';
import { createWriteLane } from './write-lane.js';

const LEASE_MS = 1500;

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out waiting');
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: Database;
let ctx: AppContext;
const started: Supervisor[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db, config: testConfig(), queue: undefined as never, events: undefined as never };
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});
afterAll(() => database.close());

let services = 0;
const serviceName = () => `test.service-${++services}`;

async function supervise(service: ServiceDefinition, holder: string, leaseMs = LEASE_MS) {
  const supervisor = new Supervisor({
    ctx,
    services: [service],
    lane: createWriteLane(database.db, database.kind),
    leaseMs,
    reconcileIntervalMs: 100,
    holder,
    log: () => {},
  });
  started.push(supervisor);
  await supervisor.start();
  return supervisor;
}

const runningKeys = (supervisors: Supervisor[], name: string) => supervisors.flatMap((s) => s.running()[name] ?? []).sort();
const holders = async (name: string) => Object.fromEntries((await findLeases(database.db, name)).map((l) => [l.key, l.holder]));

describe('supervised services on one database', () => {
  it('runs each key in exactly one of two supervisors, and never in both at once', async () => {
    const log = newRunLog();
    const name = serviceName();
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const service = trackingService({ name, keys: () => keys, log });
    const [one, two] = await Promise.all([supervise(service, 'one'), supervise(service, 'two')]);
    await until(() => runningKeys([one, two], name).length === keys.length);
    // Several heartbeats and reconciles later, still one holder per key.
    await wait(LEASE_MS * 1.5);
    const mine = one.running()[name]!;
    const theirs = two.running()[name]!;
    expect([...mine, ...theirs].sort()).toEqual(keys);
    expect(mine.filter((k) => theirs.includes(k))).toEqual([]);
    expect(log.overlaps).toEqual([]);
    expect(log.starts).toHaveLength(keys.length);
    const leases = await holders(name);
    for (const key of mine) expect(leases[key]).toBe('one');
    for (const key of theirs) expect(leases[key]).toBe('two');
  });

  it('starts an instance for a key that appears and stops the one whose key went away', async () => {
    const log = newRunLog();
    const name = serviceName();
    let keys = ['mailbox-1', 'mailbox-2'];
    const supervisor = await supervise(trackingService({ name, keys: () => keys, log }), 'one');
    await until(() => supervisor.running()[name]!.length === 2);
    keys = ['mailbox-2', 'mailbox-3'];
    await until(() => supervisor.running()[name]!.join() === 'mailbox-2,mailbox-3');
    await until(async () => Object.keys(await holders(name)).sort().join() === 'mailbox-2,mailbox-3');
    expect([...log.active.keys()].sort()).toEqual(['mailbox-2', 'mailbox-3']);
    expect(log.starts.map((s) => s.key)).toEqual(['mailbox-1', 'mailbox-2', 'mailbox-3']);
  });

  it('restarts a failing instance with a growing backoff', async () => {
    const log = newRunLog();
    const name = serviceName();
    const service = trackingService({ name, keys: () => ['flaky'], log, failAfterMs: 10, backoff: { initialMs: 100, maxMs: 2000 } });
    await supervise(service, 'one');
    await until(() => log.starts.length >= 4);
    const gaps = log.starts.slice(1, 4).map((s, i) => s.at - log.starts[i]!.at);
    // 10 ms of run, then 100, 200 and 400 ms of backoff.
    expect(gaps[0]).toBeGreaterThanOrEqual(100);
    expect(gaps[1]).toBeGreaterThanOrEqual(200);
    expect(gaps[2]).toBeGreaterThanOrEqual(400);
    expect(gaps[2]! - gaps[0]!).toBeGreaterThanOrEqual(250);
  });

  it('hands the keys of a supervisor that stops over to the other at once', async () => {
    const log = newRunLog();
    const name = serviceName();
    const service = trackingService({ name, keys: () => ['x', 'y', 'z'], log });
    const one = await supervise(service, 'one', 60_000);
    await until(() => one.running()[name]!.length === 3);
    const two = await supervise(service, 'two', 60_000);
    await wait(300);
    expect(two.running()[name]).toEqual([]);
    await one.stop();
    // Released leases, so the other takes them on its next reconcile, not after a minute.
    await until(() => two.running()[name]!.length === 3, 3000);
    expect(log.overlaps).toEqual([]);
    expect(await holders(name)).toEqual({ x: 'two', y: 'two', z: 'two' });
  });

  it('takes over a key whose holder died once its lease has expired', async () => {
    const log = newRunLog();
    const name = serviceName();
    // A process that died holding the key: its lease row stays until it expires.
    await database.db
      .insertInto('service_leases')
      .values({ service: name, key: 'orphan', holder: 'dead', expires_at: sql<Date>`now() + interval '1 second'` })
      .execute();
    const diedAt = Date.now();
    const supervisor = await supervise(trackingService({ name, keys: () => ['orphan'], log }), 'one');
    await wait(500);
    expect(supervisor.running()[name]).toEqual([]);
    await until(() => supervisor.running()[name]!.length === 1, 5000);
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(900);
    expect(await holders(name)).toEqual({ orphan: 'one' });
  });

  it('stops an instance whose lease another process took', async () => {
    const log = newRunLog();
    const name = serviceName();
    const supervisor = await supervise(trackingService({ name, keys: () => ['stolen'], log }), 'one');
    await until(() => supervisor.running()[name]!.length === 1);
    await database.db
      .updateTable('service_leases')
      .set({ holder: 'thief', expires_at: sql<Date>`now() + interval '1 hour'` })
      .where('service', '=', name)
      .execute();
    // The next heartbeat (a third of the lease) finds the lease gone.
    await until(() => !log.active.has('stolen'), LEASE_MS);
    expect(supervisor.running()[name]).toEqual([]);
    await wait(300);
    expect(log.starts).toHaveLength(1);
  });
});

describe('the worker runtime', () => {
  it('starts the services it is given and releases their leases when it closes', async () => {
    const log = newRunLog();
    const name = serviceName();
    const runtime = await startRuntime(testConfig(), {
      serve: false,
      work: true,
      database: await createTestDatabase(),
      jobs: [],
      services: [trackingService({ name, keys: () => ['inbox'], log })],
      supervisor: { leaseMs: LEASE_MS, reconcileIntervalMs: 100, holder: 'runtime', log: () => {} },
    });
    try {
      await until(() => log.active.get('inbox') === 'runtime');
      expect(runtime.supervisor!.running()[name]).toEqual(['inbox']);
      expect((await findLeases(runtime.ctx.db, name)).map((l) => l.holder)).toEqual(['runtime']);
      await runtime.supervisor!.stop();
      expect(log.active.size).toBe(0);
      expect(await findLeases(runtime.ctx.db, name)).toEqual([]);
    } finally {
      await runtime.close();
    }
  });
});

const postgresUrl = async () => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
};

// Two processes share one database only on PostgreSQL (PGlite is one process's).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a worker process killed while it holds leases', () => {
  it('hands its keys over to the surviving process within the lease duration', async () => {
    // Long enough that a child slowed by a busy machine still renews in time.
    const leaseMs = 3000;
    const keys = ['m1', 'm2', 'm3'];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../test/fixtures/service-worker.ts'), await postgresUrl(), keys.join(','), String(leaseMs)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    try {
      await until(() => keys.every((k) => output.includes(`START ${k}`)), 40_000);
      const log: RunLog = newRunLog();
      const survivor = await supervise(trackingService({ name: 'test.handover', keys: () => keys, log }), 'survivor', leaseMs);
      await wait(leaseMs);
      // The child renews its leases: the survivor runs nothing while it lives.
      expect(survivor.running()['test.handover']).toEqual([]);
      expect(Object.values(await holders('test.handover'))).toEqual(keys.map(() => `child:${child.pid}`));

      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const killedAt = Date.now();
      await until(() => survivor.running()['test.handover']!.length === keys.length, leaseMs * 3);
      // Expiry (at most one lease after the last heartbeat) plus one reconcile.
      expect(Date.now() - killedAt).toBeLessThan(leaseMs + 1000);
      expect(await holders('test.handover')).toEqual(Object.fromEntries(keys.map((k) => [k, 'survivor'])));
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);
});
