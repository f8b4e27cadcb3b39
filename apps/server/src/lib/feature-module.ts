import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DB } from '../db/schema.js';
import type { AppContext } from './context.js';
import type { EventDefinition } from './event-definition.js';
import type { JobDefinition } from './job-definition.js';
import type { ServiceDefinition } from './service-definition.js';

export type JobRun = { id: string; retryCount: number };

/** Runs at least once per send: it must re-check state before acting. */
export type JobHandler<P> = (ctx: AppContext, payload: P, run: JobRun) => Promise<void>;

/** A job definition and where its handler is: `() => import('./x.handler.js')`, loaded on first use. */
export type JobRegistration<P = any> = {
  definition: JobDefinition<P>;
  handler: () => Promise<{ default: JobHandler<P> }>;
};

/** A recurring job: pg-boss keeps one schedule per job name across processes. */
export type Schedule = { job: JobDefinition<any>; cron: string };

export type Delivery = { eventId: string; trx: Kysely<DB> };

/**
 * A subscriber's reaction to one event. It runs inside the transaction that records the event
 * as handled by this subscriber, so its writes (and jobs it sends with `trx`) happen once. It
 * reads and writes through `trx` only: on PGlite that transaction holds the one connection.
 */
export type EventHandler<P> = (ctx: AppContext, payload: P, delivery: Delivery) => Promise<void>;

export type Subscription<P = any> = {
  /** Unique across the application: `<feature>.<what it does>`; it keys the delivery records. */
  name: string;
  event: EventDefinition<P>;
  handler: () => Promise<{ default: EventHandler<P> }>;
};

/** What a feature hands to the composition (src/features.ts): nothing here is imported by infrastructure. */
export type FeatureModule = {
  name: string;
  routes?: (ctx: AppContext) => FastifyPluginAsyncZod;
  jobs?: readonly JobRegistration[];
  schedules?: readonly Schedule[];
  subscriptions?: readonly Subscription[];
  services?: readonly ServiceDefinition[];
};

/** Types a handler by its job's definition (the payload type follows the schema). */
export function jobHandler<P>(_definition: JobDefinition<P>, handle: JobHandler<P>): JobHandler<P> {
  return handle;
}

/** Types a subscriber's handler by the event it reacts to. */
export function eventHandler<P>(_event: EventDefinition<P>, handle: EventHandler<P>): EventHandler<P> {
  return handle;
}
