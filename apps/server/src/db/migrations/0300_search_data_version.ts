import { sql, type Kysely } from 'kysely';

/**
 * One number that changes with every statement that writes what search answers from (people's
 * search rows, their term codes, companies), in that statement's transaction, whichever process
 * writes: the app, `npm run data:import` beside it, a bulk load. Search keys the answers it
 * reuses by it, so a count never outlives the data it counted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table search_data_version (
      id boolean primary key default true check (id),
      version bigint not null default 0
    )`.execute(db);
  await sql`insert into search_data_version default values`.execute(db);
  await sql`
    create function bump_search_data_version() returns trigger language plpgsql as $$
      begin
        update search_data_version set version = version + 1;
        return null;
      end $$`.execute(db);
  for (const table of ['people_search', 'search_terms', 'companies']) {
    await sql`
      create trigger ${sql.id(`${table}_bumps_search_version`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_search_data_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['people_search', 'search_terms', 'companies']) {
    await sql`drop trigger ${sql.id(`${table}_bumps_search_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bump_search_data_version()`.execute(db);
  await sql`drop table search_data_version`.execute(db);
}
