import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema.js';

/**
 * A job as data: its name, payload schema and queue options. The handler lives in a module of
 * its own, loaded by the worker when the first such job arrives (see `FeatureModule.jobs`), so
 * the code that enqueues a job never imports the code that runs it.
 */
export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** An attempt still running after this long counts as dead (its worker crashed) and is retried. */
  expireInSeconds?: number;
  /**
   * How sends with the same singleton key combine (pg-boss queue policies): `standard` keeps
   * them all; `short` keeps one waiting; `singleton` runs one at a time; `stately` keeps one
   * waiting and one running. A send that would break the policy adds nothing and answers null.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** The singleton key of a payload (what `policy` counts by); every send of the job uses it. */
  singletonKey?: (payload: P) => string;
  /**
   * A worker that found a job of this queue looks for the next at once instead of waiting out
   * the polling interval (one job a second otherwise): for queues of many short jobs, such as
   * a campaign's emails.
   */
  drain?: boolean;
  /**
   * Jobs a worker fetches at once (default 1) and runs one after another, each completed or
   * failed on its own: for queues of many short jobs, whose fetch and completion would otherwise
   * cost as much as the job. A job of the batch not started by half its `expireInSeconds` is
   * handed back to run again (see jobs/queue.ts), so none runs past its expiry beside its retry.
   */
  batchSize?: number;
  /**
   * Seconds a job of a batch runs before the next one starts beside it (default 5): a slow job
   * delays the rest of its batch by this much at most, while quick ones still run one at a time.
   * No more than 3 jobs of a batch run at once: past that, the next waits for one to end.
   */
  batchTurnSeconds?: number;
};

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export type SendOptions = {
  /** Enqueue inside this transaction, so the job exists only if the transaction commits. */
  trx?: Kysely<DB>;
  startAfterSeconds?: number;
};

/** The one way to enqueue: by definition, the payload checked against its schema. */
export interface JobSender {
  send<P>(definition: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string | null>;
  /** Enqueues many jobs of one definition in one statement, each with its own start delay. */
  sendMany?<P>(definition: JobDefinition<P>, jobs: Array<{ payload: P; startAfterSeconds?: number }>, options?: Pick<SendOptions, 'trx'>): Promise<void>;
}

/** Enqueues many jobs of one definition: in one statement where the sender can, else one by one. */
export async function sendJobs<P>(queue: JobSender, definition: JobDefinition<P>, jobs: Array<{ payload: P; startAfterSeconds?: number }>, options: Pick<SendOptions, 'trx'> = {}) {
  if (queue.sendMany) return queue.sendMany(definition, jobs, options);
  for (const job of jobs) await queue.send(definition, job.payload, { ...options, ...(job.startAfterSeconds ? { startAfterSeconds: job.startAfterSeconds } : {}) });
}
