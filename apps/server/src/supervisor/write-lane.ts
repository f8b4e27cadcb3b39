import type { Kysely } from 'kysely';
import { turnsTaken } from '../db/database.js';
import { Mutex } from '../db/mutex.js';
import type { DB } from '../db/schema.js';
import type { WriteBatch, WriteLane } from '../lib/service-definition.js';

/**
 * The background write lane: how a long-running service (a mailbox sync writing 50,000
 * messages) writes without stalling the API.
 *
 * On PGlite there is one connection, shared through a FIFO lock by the API, the queue and the
 * services, and a query runs on the event loop's thread. A sync that wrote in one long
 * transaction would hold that lock for seconds, and one that wrote batches back to back would
 * put a batch in front of every request. The lane writes in short transactions instead:
 * - each batch is sized to hold the connection about `targetBatchMs` (the size follows how long
 *   rows have been taking to write);
 * - while others use the database (the lane had to wait for the lock within the last
 *   `quietMs`), it pauses after each batch so that it takes at most `share` of the
 *   connection's time; on a quiet database it writes at full speed. Others' use is counted in
 *   turns at the connection's lock, not guessed from how long BEGIN took: on a loaded machine
 *   BEGIN alone often takes milliseconds, and the lane would slow itself down for nobody;
 * - one batch of the whole lane at a time, so ten mailboxes syncing at once share that budget.
 * On PostgreSQL (a pool) batches only bound the transaction's size and locks.
 */
export type WriteLaneOptions = {
  /** How long one batch should hold the connection, in ms. */
  targetBatchMs: number;
  /** Share of the connection's time the lane may use while others use it, in (0, 1]. */
  share: number;
  /** Rows in a batch at most. */
  maxBatchSize: number;
  /** How long after the last wait for the lock the database counts as in use, in ms. */
  quietMs: number;
};


export const WRITE_LANE_DEFAULTS: Record<'pglite' | 'postgres', WriteLaneOptions> = {
  pglite: { targetBatchMs: 5, share: 0.15, maxBatchSize: 500, quietMs: 1000 },
  postgres: { targetBatchMs: 200, share: 1, maxBatchSize: 2000, quietMs: 0 },
};

/** Without a turn count (PostgreSQL): waiting longer than this for the lock means someone else had it. */
const CONTENDED_MS = 1;

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
  const turns = new Mutex();
  let lastContended = -Infinity;
  let turnsAfterLastBatch: number | undefined;

  /** One batch in its own transaction, then the pause that keeps the lane to its share; answers the time it held the connection. */
  async function writeBatch<R>(batch: R[], write: WriteBatch<R>, signal: AbortSignal | undefined): Promise<number> {
    const release = await turns.acquire();
    try {
      const asked = performance.now();
      const turnsBefore = turnsTaken(db);
      let started = 0;
      await db.transaction().execute(async (trx) => {
        started = performance.now();
        await write(trx, batch);
      });
      const heldMs = performance.now() - started;
      const turnsAfter = turnsTaken(db);
      // Another user took a turn since the last batch, or asked for one during this batch (this batch is one turn).
      const othersCame =
        turnsBefore === undefined || turnsAfter === undefined
          ? started - asked > CONTENDED_MS
          : (turnsAfterLastBatch !== undefined && turnsBefore > turnsAfterLastBatch) || turnsAfter - turnsBefore > 1;
      turnsAfterLastBatch = turnsAfter;
      if (othersCame) lastContended = started;
      const inUse = performance.now() - lastContended < options.quietMs;
      if (inUse && options.share < 1) await sleep((heldMs * (1 - options.share)) / options.share, signal);
      else await new Promise((r) => setImmediate(r));
      return heldMs;
    } finally {
      release();
    }
  }

  return {
    async writeInBatches(rows, write, call = {}) {
      const maxBatchSize = Math.max(1, Math.min(call.maxBatchSize ?? options.maxBatchSize, options.maxBatchSize));
      const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
      let written = 0;
      let batches = 0;
      // Time per row, smoothed: one batch slowed by the machine should not swing the next one's size.
      let perRow: number | undefined;
      for (;;) {
        call.signal?.throwIfAborted();
        const size = perRow === undefined ? Math.min(maxBatchSize, 50) : Math.max(1, Math.min(maxBatchSize, Math.floor(options.targetBatchMs / Math.max(perRow, 0.001))));
        const batch: Awaited<ReturnType<typeof iterator.next>>['value'][] = [];
        while (batch.length < size) {
          const next = await iterator.next();
          if (next.done) break;
          batch.push(next.value);
        }
        if (batch.length === 0) break;
        const heldMs = await writeBatch(batch, write, call.signal);
        perRow = perRow === undefined ? heldMs / batch.length : 0.7 * perRow + 0.3 * (heldMs / batch.length);
        written += batch.length;
        batches++;
      }
      return { rows: written, batches };
    },
  };
}
