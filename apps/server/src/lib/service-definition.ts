import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AppContext } from './context.js';

/** What a running instance gets besides the context and its key. */
export type ServiceRunTools = {
  /** Aborted when the instance must stop: its key went away, its lease was lost, or the process is stopping. */
  signal: AbortSignal;
  /** This process's lease holder id (for logs). */
  holder: string;
  /** Writes in short transactions that leave the database to the API between batches. */
  lane: WriteLane;
  log(message: string): void;
};

/**
 * A long-lived service, as data: which instances should run now, and how one runs. The
 * supervisor runs each key in exactly one process (the one holding its lease).
 */
export type ServiceDefinition = {
  name: string;
  /** The keys that should run now (e.g. one per connected mailbox id). */
  instances(ctx: AppContext): Promise<string[]>;
  /**
   * Runs one instance until it is done or fails (throws). It must return promptly once
   * `signal` is aborted. An instance that ends while its key is still wanted is started again
   * after a backoff.
   */
  run(ctx: AppContext, key: string, tools: ServiceRunTools): Promise<void>;
  /** Lease duration in ms (default: the supervisor's, SERVICE_LEASE_SECONDS). */
  leaseMs?: number;
  /** Delay before a restart: initialMs doubling up to maxMs; a run that lasted longer than maxMs resets it. */
  backoff?: { initialMs: number; maxMs: number };
  /** Instances of this service one process runs at most (the rest are left to other processes). */
  maxInstancesPerProcess?: number;
};

export function defineService(definition: ServiceDefinition): ServiceDefinition {
  return definition;
}

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
