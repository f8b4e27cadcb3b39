import { sql, type Kysely } from 'kysely';

/**
 * Email verification ('email validation', 5 credits an address): a run checks the unchecked
 * emails of one contact or of a list's contacts; its items are the contacts it was started on,
 * so contacts added to the list later are not checked against a hold that did not count them.
 *
 * Addresses someone typed or uploaded were stored as 'unknown' (shown as risky, 'Accepts all')
 * without a `source`; they become 'unverified', and the lists holding such contacts count their
 * professional emails again under the rule that an unchecked address is not one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_verification_runs (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      list_id uuid references lists(id) on delete set null,
      progress_id uuid,
      hold_id uuid,
      emails integer not null default 0,
      state text not null default 'running' check (state in ('running', 'completed', 'failed')),
      error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index email_verification_runs_team_idx on email_verification_runs(team_id, created_at desc)`.execute(db);
  await sql`
    create table email_verification_items (
      run_id uuid not null references email_verification_runs(id) on delete cascade,
      seq integer not null,
      contact_id uuid not null references contacts(id) on delete cascade,
      done boolean not null default false,
      primary key (run_id, seq)
    )`.execute(db);
  await sql`create index email_verification_items_contact_idx on email_verification_items(contact_id)`.execute(db);

  await sql`
    update contacts c set emails = (
      select jsonb_agg(case when e->>'status' = 'unknown' and not (e ? 'source') then jsonb_set(e, '{status}', '"unverified"') else e end order by n)
      from jsonb_array_elements(c.emails) with ordinality as x(e, n))
    where c.is_custom and jsonb_path_exists(c.emails, '$[*] ? (@.status == "unknown" && !(exists(@.source)))')`.execute(db);
  await sql`
    update lists l set total_with_professional_email = coalesce((
      select count(*) from list_contacts lc join contacts c on c.id = lc.contact_id
      where lc.list_id = l.id
        and jsonb_path_exists(c.emails, '$[*] ? (@.status != "personal" && @.status != "invalid" && @.status != "do_not_mail" && @.status != "unverified")')), 0)
    where l.entity_type = 'contactList' and exists (
      select 1 from list_contacts lc join contacts c on c.id = lc.contact_id
      where lc.list_id = l.id and c.emails @> '[{"status":"unverified"}]'::jsonb)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table email_verification_items`.execute(db);
  await sql`drop table email_verification_runs`.execute(db);
}
