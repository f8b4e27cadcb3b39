import { sql, type Kysely } from 'kysely';

/**
 * The statement-level reference check of 0010, checking each distinct parent once.
 *
 * An import batch names the same team (contacts) and the same list (list rows) 5,000 times, and
 * 0010 looked each of those up: on a batch, EXPLAIN ANALYZE showed 8.8 ms for the team check
 * and 7.9 ms for the list check, a quarter of the batch's insert. Here the distinct parents are
 * taken first, locked FOR KEY SHARE and checked in one statement: a parent deleted meanwhile
 * is waited for and then not found, so the insert fails as before (23503).
 * `list_contacts.contact_id` (no lock; every value distinct) is checked as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function reference_check() returns trigger language plpgsql as $$
    declare
      col text := tg_argv[0];
      parent text := tg_argv[1];
      missing text;
    begin
      if tg_argv[2]::boolean then
        execute format(
          'with named as materialized (select distinct %1$I as id from new_rows where %1$I is not null),
             present as materialized (select p.id from %2$I p where p.id in (select id from named) for key share)
           select n.id::text from named n where not exists (select 1 from present p where p.id = n.id) limit 1',
          col, parent) into missing;
      else
        execute format(
          'select n.%1$I::text from new_rows n where n.%1$I is not null and not exists (select 1 from %2$I p where p.id = n.%1$I) limit 1',
          col, parent) into missing;
      end if;
      if missing is not null then
        raise exception 'insert or update on table "%" violates reference "%": key (%)=(%) is not present in table "%"',
          tg_table_name, tg_name, col, missing, parent using errcode = 'foreign_key_violation';
      end if;
      return null;
    end $$`.execute(db);
}

/** 0010's function again. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function reference_check() returns trigger language plpgsql as $$
    declare
      col text := tg_argv[0];
      parent text := tg_argv[1];
      missing text;
    begin
      if tg_argv[2]::boolean then
        execute format('select 1 from %I where id in (select distinct %I from new_rows) for key share', parent, col);
      end if;
      execute format(
        'select n.%1$I::text from new_rows n where n.%1$I is not null and not exists (select 1 from %2$I p where p.id = n.%1$I) limit 1',
        col, parent) into missing;
      if missing is not null then
        raise exception 'insert or update on table "%" violates reference "%": key (%)=(%) is not present in table "%"',
          tg_table_name, tg_name, col, missing, parent using errcode = 'foreign_key_violation';
      end if;
      return null;
    end $$`.execute(db);
}
