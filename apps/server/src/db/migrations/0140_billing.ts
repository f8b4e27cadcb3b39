import { sql, type Kysely } from 'kysely';

/**
 * Billing through Stripe. Stripe is the truth for customers, subscriptions, cards and invoices;
 * these tables map a team to its Stripe objects, remember which webhook events were applied
 * (the event id is written in the transaction of its effect), and which invoices and packs
 * granted credits, so a repeated or reordered delivery grants nothing twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table billing_customers (
      team_id uuid primary key references teams(id) on delete cascade,
      stripe_customer_id text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table billing_subscriptions (
      team_id uuid primary key references teams(id) on delete cascade,
      stripe_subscription_id text not null unique,
      lookup_key text,
      stripe_status text not null,
      current_period_start timestamptz,
      current_period_end timestamptz,
      cancel_at_period_end boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);

  // No foreign key to teams: a deleted team's events must still read as applied.
  await sql`
    create table billing_events (
      id text primary key,
      type text not null,
      team_id uuid,
      received_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table billing_invoice_grants (
      stripe_invoice_id text primary key,
      team_id uuid not null,
      period_id uuid not null,
      lookup_key text not null,
      credits bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  // Pack credits per credit period (a purchase, or what a new period carried over), so the
  // credits that do not expire can be carried into the next plan period.
  await sql`
    create table billing_pack_grants (
      source_id text primary key,
      team_id uuid not null,
      period_id uuid not null,
      credits bigint not null check (credits >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index billing_pack_grants_period_idx on billing_pack_grants(period_id)`.execute(db);

  await sql`
    create table billing_discounts (
      team_id uuid primary key references teams(id) on delete cascade,
      coupon_id text not null,
      stripe_subscription_id text not null,
      applied_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table billing_cancellations (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid,
      reason text not null,
      details text,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['billing_cancellations', 'billing_discounts', 'billing_pack_grants', 'billing_invoice_grants', 'billing_events', 'billing_subscriptions', 'billing_customers']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
