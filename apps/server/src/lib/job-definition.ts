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
};

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export type SendOptions = {
  /** Enqueue inside this transaction, so the job exists only if the transaction commits. */
  trx?: Kysely<DB>;
  singletonKey?: string;
  startAfterSeconds?: number;
};

/** The one way to enqueue: by definition, the payload checked against its schema. */
export interface JobSender {
  send<P>(definition: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string | null>;
}
