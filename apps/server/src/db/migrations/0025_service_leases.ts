import { sql, type Kysely } from 'kysely';

/**
 * One row per running instance of a supervised service (an IMAP IDLE per mailbox, ...): the
 * process that holds it (`holder`) runs the instance until `expires_at`, and renews it by
 * heartbeat. Times are the database's clock, so processes with skewed clocks still agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table service_leases (
      service text not null,
      key text not null,
      holder text not null,
      acquired_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (service, key)
    )`.execute(db);
  await sql`create index service_leases_holder_idx on service_leases(holder)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table service_leases`.execute(db);
}
