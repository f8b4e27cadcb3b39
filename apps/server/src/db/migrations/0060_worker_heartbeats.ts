import { sql, type Kysely } from 'kysely';

/**
 * One row per process that runs jobs on a shared PostgreSQL: the ids of the jobs it is running,
 * renewed by heartbeat until `expires_at`. A job left active by a process whose row expired is
 * put back for retry by any live process (see jobs/job-recovery.ts). Times are the database's
 * clock, so processes with skewed clocks still agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table worker_heartbeats (
      worker text primary key,
      started_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      expires_at timestamptz not null,
      job_ids uuid[] not null default '{}'
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table worker_heartbeats`.execute(db);
}
