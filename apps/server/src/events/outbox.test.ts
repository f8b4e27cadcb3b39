import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProgressTracker } from '../features/progress/index.js';
import { defineEvent } from '../lib/event-definition.js';
import { eventHandler, type FeatureModule } from '../lib/feature-module.js';
import { createOwner, type TestUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { deliverEvent } from './outbox.js';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
};

const thingHappened = defineEvent('test.thing.happened', z.object({ counterId: z.uuid(), failFirst: z.boolean() }));

/** Each subscriber counts the deliveries it handled in a progress record of its own (`done`). */
const attempts = new Map<string, number>();
const counting = (name: string, progressOf: (e: { counterId: string }) => Promise<string>) =>
  eventHandler(thingHappened, async (_ctx, e, { trx }) => {
    const key = `${name}:${e.counterId}`;
    attempts.set(key, (attempts.get(key) ?? 0) + 1);
    const tracker = new ProgressTracker(trx, await progressOf(e));
    await tracker.advance((await tracker.current()).done + 1);
    // Thrown after the write: the retry must find that write rolled back with the delivery.
    if (e.failFirst && attempts.get(key) === 1) throw new Error('subscriber crashed');
  });

/** The second subscriber's counter: a progress record named after the first. */
const secondCounter = new Map<string, string>();
const testFeature: FeatureModule = {
  name: 'test',
  subscriptions: [
    { name: 'test.first', event: thingHappened, handler: async () => ({ default: counting('first', async (e) => e.counterId) }) },
    { name: 'test.second', event: thingHappened, handler: async () => ({ default: counting('second', async (e) => secondCounter.get(e.counterId)!) }) },
  ],
};

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ work: true, features: [testFeature] });
  owner = await createOwner(t.ctx.db);
});
afterAll(() => t.close());

async function counters() {
  const first = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: null, kind: 'test.first' });
  const second = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: null, kind: 'test.second' });
  secondCounter.set(first.id, second.id);
  const done = async () => [(await first.current()).done, (await second.current()).done];
  return { id: first.id, done };
}

const eventsNamed = async (counterId: string) =>
  (await sql<{ id: string }>`select id from domain_events where payload->>'counterId' = ${counterId}`.execute(t.ctx.db)).rows;

describe('the event outbox', () => {
  it('delivers a committed event to each subscriber once', async () => {
    const c = await counters();
    await t.ctx.db.transaction().execute((trx) => t.ctx.events.publish(trx, thingHappened, { counterId: c.id, failFirst: false }));
    await until(async () => (await c.done()).every((n) => n === 1));
    const [event] = await eventsNamed(c.id);
    const deliveries = await t.ctx.db.selectFrom('event_deliveries').select('subscriber').where('event_id', '=', event!.id).orderBy('subscriber').execute();
    expect(deliveries.map((d) => d.subscriber)).toEqual(['test.first', 'test.second']);
  });

  it('has no event and delivers nothing when the publishing transaction rolls back', async () => {
    const c = await counters();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.events.publish(trx, thingHappened, { counterId: c.id, failFirst: false });
        throw new Error('the business transaction failed');
      }),
    ).rejects.toThrow('the business transaction failed');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await eventsNamed(c.id)).toEqual([]);
    expect(await c.done()).toEqual([0, 0]);
  });

  it('retries a subscriber that failed, and its failed attempt leaves nothing behind', async () => {
    const c = await counters();
    await t.ctx.db.transaction().execute((trx) => t.ctx.events.publish(trx, thingHappened, { counterId: c.id, failFirst: true }));
    await until(async () => (await c.done()).every((n) => n === 1));
    expect(attempts.get(`first:${c.id}`)).toBe(2);
    expect(await c.done()).toEqual([1, 1]);
  });

  it('does nothing when a delivery runs again after it succeeded', async () => {
    const c = await counters();
    await t.ctx.db.transaction().execute((trx) => t.ctx.events.publish(trx, thingHappened, { counterId: c.id, failFirst: false }));
    await until(async () => (await c.done()).every((n) => n === 1));
    const [event] = await eventsNamed(c.id);
    const again = await t.ctx.queue.send(deliverEvent, { eventId: event!.id, subscriber: 'test.first' });
    await until(async () => (await t.runtime.queue.getJob(deliverEvent.name, again!))?.state === 'completed');
    expect(attempts.get(`first:${c.id}`)).toBe(1); // the delivery record stops it before the subscriber runs
    expect(await c.done()).toEqual([1, 1]);
  });

  it('refuses a payload its event does not describe', async () => {
    await expect(t.ctx.db.transaction().execute((trx) => t.ctx.events.publish(trx, thingHappened, { counterId: 'nope', failFirst: false }))).rejects.toThrow();
  });
});
