import { MESSAGES } from '@leadline/shared';
import { CREDIT_PACK_LOOKUP_KEY } from '@leadline/shared/billing/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, getCreditsInfo, spendCredits } from '../credits/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { seededRandom } from '../../test/random.js';
import type { StripeEvent, StripeFixture } from '../../test/vendors/stripe-server.js';
import type { TestApp } from '../../test/test-app.js';
import { expireEndedTrials } from './billing-webhooks.service.js';
import { checkout, deliver, startBillingApp } from './billing-test-kit.js';

let t: TestApp;
let stripe: StripeFixture;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stripe, close } = await startBillingApp());
});
afterAll(() => close());

const grants = (teamId: string) =>
  t.ctx.db.selectFrom('credit_ledger').select(['action', 'amount', 'idempotency_key']).where('team_id', '=', teamId).where('kind', '=', 'grant').orderBy('seq').execute();

async function state(teamId: string) {
  const subscription = await t.ctx.db.selectFrom('subscriptions').select(['plan', 'status', 'renewal_date', 'is_planned_for_cancellation']).where('team_id', '=', teamId).executeTakeFirstOrThrow();
  const paid = await t.ctx.db.selectFrom('billing_subscriptions').select(['lookup_key', 'stripe_status', 'cancel_at_period_end', 'current_period_end']).where('team_id', '=', teamId).executeTakeFirst();
  const credits = await getCreditsInfo(t.ctx.db, teamId);
  return { subscription, paid, credits: { total: credits.total, available: credits.available, plan: credits.plan, endDate: credits.endDate } };
}

/** Five related events of one purchase: a plan bought, its first invoice, a pack, and a later cancellation. */
async function fiveRelatedEvents(owner: TestUser): Promise<{ events: StripeEvent[]; subscriptionId: string }> {
  const plan = await checkout(t.app, stripe, owner, { mode: 'subscription', lookup_key: 'leadline_solopreneur_monthly', quantity: 1 });
  const pack = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 5 });
  const [created, invoicePaid, , planCompleted] = stripe.completeCheckout(plan.id);
  const [packCompleted] = stripe.completeCheckout(pack.id);
  const subscriptionId = stripe.sessions.get(plan.id)!.subscription;
  const cancelled = stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
  return { events: [created!, invoicePaid!, planCompleted!, packCompleted!, cancelled], subscriptionId };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('Stripe webhooks', () => {
  it('answers 400 to a bad signature and changes nothing', async () => {
    const owner = await createOwner(t.ctx.db);
    const pack = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 1 });
    const [completed] = stripe.completeCheckout(pack.id);
    const before = await state(owner.teamId);

    const forged = await deliver(t.app, stripe, completed!, 'whsec_forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('The Stripe signature of this webhook is not valid.');
    const unsigned = await t.app.inject({ method: 'POST', url: '/billing/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(completed) });
    expect(unsigned.statusCode).toBe(400);
    const { payload, header } = stripe.signed(completed!);
    const tampered = await t.app.inject({ method: 'POST', url: '/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload: payload.replace('"paid"', '"paid" ') });
    expect(tampered.statusCode).toBe(400);

    expect(await state(owner.teamId)).toEqual(before);
    expect(await t.ctx.db.selectFrom('billing_events').select('id').where('id', '=', completed!.id).execute()).toEqual([]);
    expect((await deliver(t.app, stripe, completed!)).json()).toEqual({ received: true, applied: true });
    expect((await state(owner.teamId)).credits.total).toBe(15_000 + 10_000);
  });

  it('grants a pack once when the same event arrives 5 times', async () => {
    const owner = await createOwner(t.ctx.db);
    const pack = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 10 });
    const [completed] = stripe.completeCheckout(pack.id);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await deliver(t.app, stripe, completed!)).json().applied);
    expect(answers).toEqual([true, false, false, false, false]);
    expect((await grants(owner.teamId)).filter((g) => g.action === 'credit_pack')).toEqual([{ action: 'credit_pack', amount: 100_000, idempotency_key: `stripe-checkout:${pack.id}` }]);
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).available).toBe(115_000);

    // Stripe may deliver one event to two web processes at once.
    const again = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 1 });
    const [second] = stripe.completeCheckout(again.id);
    const together = await Promise.all(Array.from({ length: 5 }, () => deliver(t.app, stripe, second!)));
    expect(together.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(together.filter((r) => r.json().applied)).toHaveLength(1);
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).available).toBe(125_000);
  });

  it('grants the same state whether 5 related events come in order or in any of 20 seeded shuffles', { timeout: 120_000 }, async () => {
    const inOrderOwner = await createOwner(t.ctx.db);
    const inOrder = await fiveRelatedEvents(inOrderOwner);
    for (const event of inOrder.events) expect((await deliver(t.app, stripe, event)).statusCode).toBe(200);
    const expected = await state(inOrderOwner.teamId);
    const sub = stripe.subscriptions.get(inOrder.subscriptionId)!;
    expect(expected.subscription).toMatchObject({ plan: 'solopreneur', status: 'active', is_planned_for_cancellation: true });
    expect(expected.subscription.renewal_date.getTime()).toBe(sub.items.data[0].current_period_end * 1000);
    expect(expected.credits).toMatchObject({ total: 150_000, available: 150_000, plan: 'solopreneur' });
    const normalise = (s: Awaited<ReturnType<typeof state>>) => ({
      ...s,
      subscription: { ...s.subscription, renewal_date: 'period end' },
      paid: { ...s.paid, current_period_end: 'period end' },
      credits: { ...s.credits, endDate: 'period end' },
    });

    const random = seededRandom(20_260_424);
    for (let run = 0; run < 20; run++) {
      const owner = await createOwner(t.ctx.db);
      const { events } = await fiveRelatedEvents(owner);
      for (const event of shuffled(events, random)) expect((await deliver(t.app, stripe, event)).statusCode).toBe(200);
      // Stripe retries a delivery it saw fail; here every one is delivered a second time too.
      for (const event of shuffled(events, random)) expect((await deliver(t.app, stripe, event)).json().applied).toBe(false);
      expect(normalise(await state(owner.teamId))).toEqual(normalise(expected));
      const teamGrants = await grants(owner.teamId);
      expect(teamGrants.filter((g) => g.action === 'credit_pack')).toHaveLength(1);
      expect(teamGrants.filter((g) => g.action === 'plan_credits' && Number(g.amount) === 100_000)).toHaveLength(1);
    }
    expect(await checkLedger(t.ctx.db)).toMatchObject({ ok: true, discrepancies: [] });
  });

  it('renews: unused plan credits expire with the period, pack credits carry over; a failed renewal marks the plan past due', async () => {
    const owner = await createOwner(t.ctx.db);
    const plan = await checkout(t.app, stripe, owner, { mode: 'subscription', lookup_key: 'leadline_hobby_monthly', quantity: 1 });
    for (const e of stripe.completeCheckout(plan.id)) await deliver(t.app, stripe, e);
    const pack = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 1 });
    for (const e of stripe.completeCheckout(pack.id)) await deliver(t.app, stripe, e);
    expect(await getCreditsInfo(t.ctx.db, owner.teamId)).toMatchObject({ total: 25_000, available: 25_000, plan: 'hobby' });
    // Spend 20,000: all 15,000 plan credits and 5,000 of the pack.
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'test', amount: 20_000, idempotencyKey: 'spend-1' });

    const subscriptionId = stripe.sessions.get(plan.id)!.subscription;
    for (const e of stripe.renew(subscriptionId, 'paid')) await deliver(t.app, stripe, e);
    expect(await getCreditsInfo(t.ctx.db, owner.teamId)).toMatchObject({ total: 20_000, available: 20_000, used: 0 });

    for (const e of stripe.renew(subscriptionId, 'failed')) await deliver(t.app, stripe, e);
    const me = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: owner.cookie } });
    expect(me.json().subscriptionInfo).toMatchObject({ status: 'past_due', plan: 'hobby' });
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).available).toBe(20_000);
    expect(await checkLedger(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('ends a trial that ran out unpaid: paid actions answer 402, once, and pack credits bought in the trial stay', async () => {
    const owner = await createOwner(t.ctx.db);
    const pack = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 1 });
    for (const e of stripe.completeCheckout(pack.id)) await deliver(t.app, stripe, e);
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'test', amount: 12_000, idempotencyKey: 'trial-spend' });
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await expireEndedTrials(t.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await expireEndedTrials(t.ctx, later)).toBe(0);
    expect(await getCreditsInfo(t.ctx.db, owner.teamId)).toMatchObject({ total: 10_000, available: 10_000 });
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'test', amount: 10_000, idempotencyKey: 'after-trial' });
    await expect(spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'test', amount: 5, idempotencyKey: 'one-more' })).rejects.toThrow(MESSAGES.insufficientCredits);
    const me = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: owner.cookie } });
    expect(me.json().subscriptionInfo.status).toBe('canceled');
    expect(await checkLedger(t.ctx.db)).toMatchObject({ ok: true });
  });
});
