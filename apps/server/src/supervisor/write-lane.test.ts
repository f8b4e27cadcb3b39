import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';
import { findLeases } from './leases.repository.js';
import type { WriteBatch } from '../lib/service-definition.js';
import { createWriteLane } from './write-lane.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// Lease rows make a handy target table: the lane does not care what it writes.
const rows = (service: string, n: number) => Array.from({ length: n }, (_, i) => ({ service, key: String(i), holder: 'lane', expires_at: new Date(Date.now() + 3600_000) }));
type Row = ReturnType<typeof rows>[number];
const insert: WriteBatch<Row> = async (trx, batch) => {
  await trx.insertInto('service_leases').values(batch).onConflict((oc) => oc.columns(['service', 'key']).doNothing()).execute();
};

describe('the background write lane', () => {
  it('writes every row in short transactions of at most the batch size', async () => {
    const lane = createWriteLane(database.db, database.kind, { maxBatchSize: 100 });
    const sizes: number[] = [];
    const result = await lane.writeInBatches(rows('lane.all', 2000), async (trx, batch) => {
      sizes.push(batch.length);
      await insert(trx, batch);
    });
    expect(result).toEqual({ rows: 2000, batches: sizes.length });
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(sizes.length).toBeGreaterThanOrEqual(20);
    expect(await findLeases(database.db, 'lane.all')).toHaveLength(2000);
  });

  it('lets a query asked for during a long sync answer before the sync ends', async () => {
    const lane = createWriteLane(database.db, database.kind, { targetBatchMs: 5, share: 0.5 });
    let written = 0;
    let firstBatch!: () => void;
    const started = new Promise<void>((r) => (firstBatch = r));
    const sync = lane.writeInBatches(rows('lane.sync', 5000), async (trx, batch) => {
      await insert(trx, batch);
      written += batch.length;
      firstBatch();
    });
    await started;
    const answered = await database.db
      .selectFrom('service_leases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then(() => written);
    await sync;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(5000);
    expect(await findLeases(database.db, 'lane.sync')).toHaveLength(5000);
  });

  // Only PGlite counts turns at its connection; PostgreSQL's lane takes its whole share anyway.
  it.runIf(!process.env.TEST_DATABASE_URL)('writes at full speed when nobody else uses the database, however slowly its transactions begin', async () => {
    const lane = createWriteLane(database.db, database.kind, { targetBatchMs: 5, share: 0.02, quietMs: 60_000 });
    // A busy event loop (a loaded machine) makes each BEGIN wait milliseconds for nobody.
    const hog = setInterval(() => {
      const end = performance.now() + 3;
      while (performance.now() < end);
    }, 0);
    let writingMs = 0;
    const began = performance.now();
    try {
      await lane.writeInBatches(rows('lane.busy', 400), async (trx, batch) => {
        const start = performance.now();
        await insert(trx, batch);
        writingMs += performance.now() - start;
      });
    } finally {
      clearInterval(hog);
    }
    // Paused as if shared, it would take at least 50 times its writing time (share 0.02).
    expect(performance.now() - began).toBeLessThan(20 * writingMs);
    expect(await findLeases(database.db, 'lane.busy')).toHaveLength(400);
  });

  it('sizes batches to the time they hold the connection', async () => {
    const lane = createWriteLane(database.db, database.kind, { targetBatchMs: 20, share: 1, maxBatchSize: 500 });
    const sizes: number[] = [];
    // A slow write: about 5 ms a row, so a 20 ms batch holds about 4 rows.
    await lane.writeInBatches(rows('lane.slow', 120), async (trx, batch) => {
      sizes.push(batch.length);
      await new Promise((r) => setTimeout(r, batch.length * 5));
      await insert(trx, batch);
    });
    expect(sizes[0]).toBe(50);
    expect(Math.max(...sizes.slice(1))).toBeLessThanOrEqual(6);
  });

  it('runs one batch of the whole lane at a time, however many syncs write through it', async () => {
    const lane = createWriteLane(database.db, database.kind, { maxBatchSize: 20 });
    let open = 0;
    let most = 0;
    const write: WriteBatch<Row> = async (trx, batch) => {
      most = Math.max(most, ++open);
      await new Promise((r) => setTimeout(r, 2));
      await insert(trx, batch);
      open--;
    };
    await Promise.all([1, 2, 3].map((n) => lane.writeInBatches(rows(`lane.together-${n}`, 200), write)));
    expect(most).toBe(1);
    for (const n of [1, 2, 3]) expect(await findLeases(database.db, `lane.together-${n}`)).toHaveLength(200);
  });

  it('stops between batches when aborted, leaving only whole batches written', async () => {
    const lane = createWriteLane(database.db, database.kind, { maxBatchSize: 10 });
    const controller = new AbortController();
    // Batch sizes follow the machine's speed (a busy machine gives smaller ones), so count what the
    // three committed batches held rather than assuming their size.
    const sizes: number[] = [];
    await expect(
      lane.writeInBatches(
        rows('lane.abort', 1000),
        async (trx, batch) => {
          await insert(trx, batch);
          if (sizes.push(batch.length) === 3) controller.abort();
        },
        { signal: controller.signal },
      ),
    ).rejects.toThrow();
    expect(sizes).toHaveLength(3);
    const written = sizes.reduce((sum, size) => sum + size, 0);
    expect(written).toBeLessThan(1000);
    expect(await findLeases(database.db, 'lane.abort')).toHaveLength(written);
  });
});
