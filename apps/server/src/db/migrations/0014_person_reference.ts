import { sql, type Kysely } from 'kysely';

/**
 * `contacts.person_id` as a statement-level reference too (see 0010), with ON DELETE SET NULL.
 *
 * A foreign key queues a trigger event for every inserted row, even when the column is null:
 * an import batch of 5,000 custom contacts (no person) paid 5,000 of them, about 4% of its
 * insert (EXPLAIN ANALYZE: 4.5 ms). The statement check below looks at the distinct non-null
 * people only, locking them FOR KEY SHARE as the foreign key did.
 * - Deleting people sets their contacts' `person_id` to null, one statement per deleting
 *   statement; truncating people does it for every contact.
 * - `person_id` can be set to null but not to another person (nothing in the app changes it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function reference_set_null() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        execute format('update %1$I set %2$I = null where %2$I is not null', tg_argv[0], tg_argv[1]);
      else
        execute format('update %1$I set %2$I = null where %2$I in (select id from old_rows)', tg_argv[0], tg_argv[1]);
      end if;
      return null;
    end $$`.execute(db);
  await sql`alter table contacts drop constraint contacts_person_id_fkey`.execute(db);
  await sql`
    create trigger contacts_person_id_check after insert on contacts referencing new table as new_rows
    for each statement execute function reference_check('person_id', 'people', 'true')`.execute(db);
  await sql`
    create trigger contacts_person_id_set_null after delete on people referencing old table as old_rows
    for each statement execute function reference_set_null('contacts', 'person_id')`.execute(db);
  await sql`
    create trigger contacts_person_id_truncate after truncate on people
    for each statement execute function reference_set_null('contacts', 'person_id')`.execute(db);
  await sql`
    create trigger contacts_person_id_frozen before update of person_id on contacts
    for each row when (new.person_id is not null and old.person_id is distinct from new.person_id)
    execute function reference_frozen('person_id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger contacts_person_id_frozen on contacts`.execute(db);
  await sql`drop trigger contacts_person_id_truncate on people`.execute(db);
  await sql`drop trigger contacts_person_id_set_null on people`.execute(db);
  await sql`drop trigger contacts_person_id_check on contacts`.execute(db);
  await sql`alter table contacts add constraint contacts_person_id_fkey foreign key (person_id) references people(id) on delete set null`.execute(db);
  await sql`drop function reference_set_null()`.execute(db);
}
