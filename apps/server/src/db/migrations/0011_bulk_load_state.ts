import { sql, type Kysely } from 'kysely';

/**
 * The indexes a bulk load of people dropped and has still to build again: a load of millions
 * commits step by step on PostgreSQL, and one that stops midway is carried on from here
 * (features/people-data/bulk-load.ts, `finishBulkLoad`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table bulk_load_indexes (name text primary key, definition text not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table bulk_load_indexes`.execute(db);
}
