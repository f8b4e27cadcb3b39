import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema.js';

/** A domain event: what happened in a feature, named `<thing>.<past tense>`, with a typed payload. */
export type EventDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
};

export function defineEvent<P>(name: string, payload: z.ZodType<P>): EventDefinition<P> {
  return { name, payload };
}

/**
 * Publishes into the transaction outbox: the event row and one delivery job per subscriber are
 * written with `trx`, so an event exists, and is delivered, only if that transaction commits.
 */
export interface EventPublisher {
  publish<P>(trx: Kysely<DB>, event: EventDefinition<P>, payload: P): Promise<string>;
}
