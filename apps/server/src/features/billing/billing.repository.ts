import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

type SubscriptionStatus = 'active' | 'trialing' | 'canceled' | 'past_due';

export async function findCustomerId(db: Kysely<DB>, teamId: string): Promise<string | null> {
  const row = await db.selectFrom('billing_customers').select('stripe_customer_id').where('team_id', '=', teamId).executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

/** Keeps the first customer recorded for the team; answers the one that is stored. */
export async function saveCustomer(db: Kysely<DB>, teamId: string, customerId: string): Promise<string> {
  await db.insertInto('billing_customers').values({ team_id: teamId, stripe_customer_id: customerId }).onConflict((oc) => oc.column('team_id').doNothing()).execute();
  return (await findCustomerId(db, teamId))!;
}

/**
 * Locks the team behind a Stripe customer: every webhook effect of one team runs one after the
 * other, so a pack grant and a new plan period never interleave.
 */
export async function lockTeamOfCustomer(trx: Kysely<DB>, customerId: string): Promise<string | null> {
  const row = await trx.selectFrom('billing_customers').select('team_id').where('stripe_customer_id', '=', customerId).forUpdate().executeTakeFirst();
  return row?.team_id ?? null;
}

/** The owner's address and the team's name, for the Stripe customer. */
export async function findOwnerContact(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom('users')
    .innerJoin('teams', 'teams.id', 'users.team_id')
    .select(['users.email', 'users.name', 'teams.name as teamName'])
    .where('users.team_id', '=', teamId)
    .where('users.permission', '=', 'TEAM_OWNER')
    .executeTakeFirst();
}

/** Records a webhook event as applied; false when it was applied before. */
export async function recordEvent(trx: Kysely<DB>, event: { id: string; type: string; teamId: string | null }): Promise<boolean> {
  const row = await trx
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, team_id: event.teamId })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export type StoredSubscription = {
  stripeSubscriptionId: string;
  lookupKey: string | null;
  stripeStatus: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export async function saveBillingSubscription(trx: Kysely<DB>, teamId: string, s: StoredSubscription) {
  const values = {
    stripe_subscription_id: s.stripeSubscriptionId,
    lookup_key: s.lookupKey,
    stripe_status: s.stripeStatus,
    current_period_start: s.currentPeriodStart,
    current_period_end: s.currentPeriodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    updated_at: new Date(),
  };
  await trx
    .insertInto('billing_subscriptions')
    .values({ team_id: teamId, ...values })
    .onConflict((oc) => oc.column('team_id').doUpdateSet(values))
    .execute();
}

export async function findBillingSubscription(db: Kysely<DB>, teamId: string) {
  return db.selectFrom('billing_subscriptions').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

/** The plan status the app shows (`/api/cookies/me` subscriptionInfo). */
export async function findTeamSubscription(db: Kysely<DB>, teamId: string) {
  return db.selectFrom('subscriptions').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

export async function updateTeamSubscription(
  trx: Kysely<DB>,
  teamId: string,
  values: { plan?: string; status?: SubscriptionStatus; renewalDate?: Date; plannedForCancellation?: boolean },
) {
  const set = {
    ...(values.plan !== undefined ? { plan: values.plan } : {}),
    ...(values.status !== undefined ? { status: values.status } : {}),
    ...(values.renewalDate !== undefined ? { renewal_date: values.renewalDate } : {}),
    ...(values.plannedForCancellation !== undefined ? { is_planned_for_cancellation: values.plannedForCancellation } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await trx.updateTable('subscriptions').set(set).where('team_id', '=', teamId).execute();
}

/** The team's current credit period (the one that started last), as the credits ledger picks it. */
export async function findCurrentCreditPeriod(db: Kysely<DB>, teamId: string) {
  const row = await db
    .selectFrom('credit_periods')
    .select(['id', 'starts_at', 'ends_at', 'total', 'used', 'held'])
    .where('team_id', '=', teamId)
    .orderBy('starts_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at, available: Number(row.total) - Number(row.used) - Number(row.held) };
}

/** Whether an invoice (or another once-only period change, by its key) already opened a period. */
export async function periodChangeApplied(db: Kysely<DB>, key: string): Promise<boolean> {
  return (await db.selectFrom('billing_invoice_grants').select('stripe_invoice_id').where('stripe_invoice_id', '=', key).executeTakeFirst()) !== undefined;
}

/** Whether billing opened this credit period (an invoice, an ended plan or trial). */
export async function isBillingPeriod(db: Kysely<DB>, periodId: string): Promise<boolean> {
  return (await db.selectFrom('billing_invoice_grants').select('period_id').where('period_id', '=', periodId).limit(1).executeTakeFirst()) !== undefined;
}

export async function recordPeriodChange(trx: Kysely<DB>, values: { key: string; teamId: string; periodId: string; lookupKey: string; credits: number }) {
  await trx
    .insertInto('billing_invoice_grants')
    .values({ stripe_invoice_id: values.key, team_id: values.teamId, period_id: values.periodId, lookup_key: values.lookupKey, credits: values.credits })
    .execute();
}

export async function recordPackGrant(trx: Kysely<DB>, values: { sourceId: string; teamId: string; periodId: string; credits: number }) {
  await trx
    .insertInto('billing_pack_grants')
    .values({ source_id: values.sourceId, team_id: values.teamId, period_id: values.periodId, credits: values.credits })
    .onConflict((oc) => oc.column('source_id').doNothing())
    .execute();
}

/** Pack credits granted into (or carried into) a credit period. */
export async function packCreditsIn(db: Kysely<DB>, periodId: string): Promise<number> {
  const row = await db
    .selectFrom('billing_pack_grants')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits'), sql<number>`0`).as('n'))
    .where('period_id', '=', periodId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claims the team's one retention discount; false when it was claimed before. */
export async function claimDiscount(db: Kysely<DB>, values: { teamId: string; couponId: string; subscriptionId: string }): Promise<boolean> {
  const row = await db
    .insertInto('billing_discounts')
    .values({ team_id: values.teamId, coupon_id: values.couponId, stripe_subscription_id: values.subscriptionId })
    .onConflict((oc) => oc.column('team_id').doNothing())
    .returning('team_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the claim back when Stripe refused the coupon, so the owner may try again. */
export async function releaseDiscount(db: Kysely<DB>, teamId: string) {
  await db.deleteFrom('billing_discounts').where('team_id', '=', teamId).execute();
}

export async function insertCancellation(db: Kysely<DB>, values: { teamId: string; userId: string; reason: string; details: string | null }) {
  await db.insertInto('billing_cancellations').values({ team_id: values.teamId, user_id: values.userId, reason: values.reason, details: values.details }).execute();
}

/** Teams whose local trial ended and that never started a paid subscription. */
export async function findEndedTrials(db: Kysely<DB>, now: Date, limit: number) {
  return db
    .selectFrom('subscriptions')
    .leftJoin('billing_subscriptions', 'billing_subscriptions.team_id', 'subscriptions.team_id')
    .select(['subscriptions.team_id', 'subscriptions.plan', 'subscriptions.renewal_date'])
    .where('subscriptions.status', '=', 'trialing')
    .where('subscriptions.renewal_date', '<=', now)
    .where('billing_subscriptions.team_id', 'is', null)
    .limit(limit)
    .execute();
}
