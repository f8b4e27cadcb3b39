import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.js';
import type { EventDefinition, EventPublisher } from '../lib/event-definition.js';
import type { EventHandler, JobRegistration, Schedule, Subscription } from '../lib/feature-module.js';
import { defineJob, type JobSender } from '../lib/job-definition.js';
import { uuidV7 } from '../lib/uuid-v7.js';
import * as repo from './events.repository.js';

/** One delivery of one event to one subscriber; retried with backoff when the subscriber throws. */
export const deliverEvent = defineJob({
  name: 'events.deliver',
  payload: z.object({ eventId: z.uuid(), subscriber: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 5,
});

/** Daily: events older than this are deleted with their delivery records (their retries ended long ago). */
export const purgeOldEvents = defineJob({ name: 'events.purge-old', payload: z.object({}).passthrough() });
const KEEP_EVENTS_DAYS = 30;
const PURGE_PAGE = 10_000;

/** The transactional outbox and the delivery of its events to their subscribers. */
export class Outbox implements EventPublisher {
  #queue: JobSender | null = null;
  readonly #byEvent = new Map<string, Subscription[]>();
  readonly #byName = new Map<string, Subscription>();

  constructor(subscriptions: readonly Subscription[]) {
    for (const s of subscriptions) {
      if (this.#byName.has(s.name)) throw new Error(`Two subscribers are named ${s.name}`);
      this.#byName.set(s.name, s);
      this.#byEvent.set(s.event.name, [...(this.#byEvent.get(s.event.name) ?? []), s]);
    }
  }

  /** The queue that carries deliveries; it is started with `jobs()` among its jobs, so it comes second. */
  connect(queue: JobSender) {
    this.#queue = queue;
  }

  async publish<P>(trx: Kysely<DB>, event: EventDefinition<P>, payload: P): Promise<string> {
    const queue = this.#queue;
    if (!queue) throw new Error('The outbox is not connected to the queue');
    const data = event.payload.parse(payload);
    const id = uuidV7();
    await repo.insertEvent(trx, { id, name: event.name, payload: data });
    for (const s of this.#byEvent.get(event.name) ?? []) {
      await queue.send(deliverEvent, { eventId: id, subscriber: s.name }, { trx });
    }
    return id;
  }

  /** The jobs the outbox needs a worker to run: deliveries, and the daily purge. */
  jobs(): JobRegistration[] {
    const loaded = new Map<string, Promise<EventHandler<unknown>>>();
    const handlerOf = (s: Subscription) => {
      let handler = loaded.get(s.name);
      if (!handler) {
        handler = s.handler().then((m) => m.default);
        handler.catch(() => loaded.delete(s.name));
        loaded.set(s.name, handler);
      }
      return handler;
    };
    return [
      {
        definition: deliverEvent,
        handler: async () => ({
          default: async (ctx, { eventId, subscriber }) => {
            const subscription = this.#byName.get(subscriber);
            if (!subscription) return; // a subscriber removed since the event was published
            const handle = await handlerOf(subscription);
            await ctx.db.transaction().execute(async (trx) => {
              const event = await repo.findEvent(trx, eventId);
              if (!event || !(await repo.claimDelivery(trx, eventId, subscriber))) return;
              await handle(ctx, subscription.event.payload.parse(event.payload), { eventId, trx });
            });
          },
        }),
      },
      {
        definition: purgeOldEvents,
        handler: async () => ({
          default: async (ctx) => {
            const before = new Date(Date.now() - KEEP_EVENTS_DAYS * 24 * 3600 * 1000);
            while ((await repo.deleteEventsBefore(ctx.db, before, PURGE_PAGE)) === PURGE_PAGE);
          },
        }),
      },
    ];
  }

  schedules(): Schedule[] {
    return [{ job: purgeOldEvents, cron: '53 3 * * *' }];
  }
}
