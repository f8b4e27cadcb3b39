import { sql, type Kysely } from 'kysely';

/**
 * The transactional outbox of domain events. An event row is inserted by the transaction that
 * made it happen; each subscriber's delivery job is enqueued in that same transaction. A
 * subscriber inserts its delivery row in the transaction of its reaction, so a delivery job that
 * runs again after a success finds the row and does nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table domain_events (
      id uuid primary key,
      name text not null,
      payload jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index domain_events_created_at_idx on domain_events(created_at)`.execute(db);
  await sql`
    create table event_deliveries (
      event_id uuid not null references domain_events(id) on delete cascade,
      subscriber text not null,
      handled_at timestamptz not null default now(),
      primary key (event_id, subscriber)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table event_deliveries`.execute(db);
  await sql`drop table domain_events`.execute(db);
}
