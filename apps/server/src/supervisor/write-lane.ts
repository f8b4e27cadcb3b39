import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * The background write lane: how a long-running service (a mailbox sync writing 50,000
 * messages) writes without stalling the API.
 *
 * On PGlite there is one connection, shared through a FIFO lock by the API, the queue and the
 * services, and a query runs on the event loop's thread. A sync that wrote in one long
 * transaction would hold that lock for seconds. The lane writes in short transactions
 * instead: each batch is sized to hold the connection about `targetBatchMs` (the size adapts
 * to how long the rows take to write), and after each batch the lane waits so that it uses at
 * most `share` of the connection's time, so requests queued behind a batch run before the
 * next one. On PostgreSQL (a pool) batches only bound the transaction's size and locks.
 */
export type WriteLaneOptions = {
  /** How long one batch should hold the connection, in ms. */
  targetBatchMs: number;
  /** Share of the connection's time the lane may use, in (0, 1]. */
  share: number;
  /** Rows in a batch at most. */
  maxBatchSize: number;
};

export type WriteBatch<R> = (trx: Transaction<DB>, rows: R[]) => Promise<void>;

export type WriteLane = {
  /**
   * Writes `rows` in short transactions, one `write(trx, batch)` each, pausing between them.
   * A batch commits whole; the caller's writes must be idempotent (an aborted or crashed sync
   * is resumed by writing again).
   */
  writeInBatches<R>(
    rows: Iterable<R> | AsyncIterable<R>,
    write: WriteBatch<R>,
    options?: { signal?: AbortSignal; maxBatchSize?: number },
  ): Promise<{ rows: number; batches: number }>;
};

export const WRITE_LANE_DEFAULTS: Record<'pglite' | 'postgres', WriteLaneOptions> = {
  pglite: { targetBatchMs: 8, share: 0.4, maxBatchSize: 500 },
  postgres: { targetBatchMs: 200, share: 1, maxBatchSize: 2000 },
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export function createWriteLane(db: Kysely<DB>, kind: 'pglite' | 'postgres', overrides: Partial<WriteLaneOptions> = {}): WriteLane {
  const options = { ...WRITE_LANE_DEFAULTS[kind], ...overrides };
  return {
    async writeInBatches(rows, write, call = {}) {
      const maxBatchSize = Math.max(1, Math.min(call.maxBatchSize ?? options.maxBatchSize, options.maxBatchSize));
      const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
      let size = Math.min(maxBatchSize, 50);
      let perRow: number | undefined;
      let written = 0;
      let batches = 0;
      for (;;) {
        call.signal?.throwIfAborted();
        const batch: Awaited<ReturnType<typeof iterator.next>>['value'][] = [];
        while (batch.length < size) {
          const next = await iterator.next();
          if (next.done) break;
          batch.push(next.value);
        }
        if (batch.length === 0) break;
        // The hold runs from the moment the lock is ours (the callback starts) to the commit.
        let started = 0;
        await db.transaction().execute(async (trx) => {
          started = performance.now();
          await write(trx, batch);
        });
        const heldMs = performance.now() - started;
        written += batch.length;
        batches++;
        // Time per row, smoothed: one batch slowed by the machine should not swing the next one's size.
        perRow = perRow === undefined ? heldMs / batch.length : 0.7 * perRow + 0.3 * (heldMs / batch.length);
        size = Math.max(1, Math.min(maxBatchSize, Math.floor(options.targetBatchMs / Math.max(perRow, 0.001))));
        if (options.share < 1) await sleep((heldMs * (1 - options.share)) / options.share, call.signal);
        else await new Promise((r) => setImmediate(r));
      }
      return { rows: written, batches };
    },
  };
}
