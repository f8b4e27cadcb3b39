import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Contact, ContactsTable, StoredEmail, StoredPhone } from '../../db/schema-lists.js';

/*
 * The per-contact facts a list counts (personal email, professional email, LinkedIn, valid
 * phone), as SQL over a row alias, so adds, removes, recounts and a contact's own changes share
 * one definition. Lists keep these counts on their rows; a statement that changes contacts keeps
 * the lists holding them counted in the same statement (applyContactChanges).
 */
const hasPersonalEmail = (c: string) => sql<boolean>`(${sql.ref(`${c}.emails`)} @> '[{"status":"personal"}]'::jsonb)`;
const hasProfessionalEmail = (c: string) =>
  sql<boolean>`jsonb_path_exists(${sql.ref(`${c}.emails`)}, '$[*] ? (@.status != "personal" && @.status != "invalid" && @.status != "do_not_mail" && @.status != "unverified")')`;
const hasLinkedin = (c: string) => sql<boolean>`coalesce(${sql.ref(`${c}.linkedin_url`)}, '') <> ''`;
const hasValidPhone = (c: string) => sql<boolean>`(${sql.ref(`${c}.phones`)} @> '[{"status":"valid"}]'::jsonb)`;

/** count(*) and the four flag counts over contact rows aliased `c`, named n, personal, professional, linkedin, phone. */
export const flagCounts = (c: string) => sql`
  count(*)::int as n,
  (count(*) filter (where ${hasPersonalEmail(c)}))::int as personal,
  (count(*) filter (where ${hasProfessionalEmail(c)}))::int as professional,
  (count(*) filter (where ${hasLinkedin(c)}))::int as linkedin,
  (count(*) filter (where ${hasValidPhone(c)}))::int as phone`;

/**
 * An `update lists` that adds to every list holding them the change in the four flag counts of
 * contacts rewritten in the same statement: `before` and `after` name relations of the changed
 * contacts (id, emails, phones, linkedin_url) as they were and as they are now. Cheaper than a
 * recount, which would read every row of every list touched.
 */
export const applyContactChanges = (before: string, after: string) => {
  const change = (flag: (c: string) => RawBuilder<boolean>) => sql`sum((${flag(after)})::int - (${flag(before)})::int)::int`;
  return sql`
    update lists set
      total_with_personal_email = total_with_personal_email + d.personal,
      total_with_professional_email = total_with_professional_email + d.professional,
      total_with_linkedin = total_with_linkedin + d.linkedin,
      total_with_valid_phone = total_with_valid_phone + d.phone,
      updated_at = now()
    from (
      select lc.list_id, ${change(hasPersonalEmail)} as personal, ${change(hasProfessionalEmail)} as professional,
        ${change(hasLinkedin)} as linkedin, ${change(hasValidPhone)} as phone
      from ${sql.table(after)} join ${sql.table(before)} on ${sql.ref(`${before}.id`)} = ${sql.ref(`${after}.id`)}
      join list_contacts lc on lc.contact_id = ${sql.ref(`${after}.id`)}
      group by lc.list_id
    ) d
    where lists.id = d.list_id`;
};

/*
 * Contacts: the team's copies of prospects. A people-database person becomes a contact with the
 * profile mapping of spec §3 ("Data-provider style profile fields"); emails and phones stay
 * empty until the person is enriched.
 */

/** Copies people into the team's contacts (once per person) and answers person id → contact id. */
export async function createFromPeople(db: Kysely<DB>, teamId: string, personIds: string[]) {
  if (personIds.length === 0) return new Map<string, string>();
  await sql`
    insert into contacts (team_id, person_id, is_custom, full_name, first_name, last_name, job_title, level,
      department, sub_department, company_name, company_domain, linkedin_url, industry, city, state, country)
    select ${teamId}, p.id, false, initcap(p.full_name), initcap(p.first_name), initcap(p.last_name), p.job_title,
      p.job_title_levels[1], p.job_title_role, p.job_title_sub_role, initcap(p.job_company_name), p.job_company_website,
      p.linkedin_url, p.job_company_industry, initcap(p.location_locality), initcap(p.location_region), initcap(p.location_country)
    from people p where p.id = any(${personIds}::uuid[])
    on conflict (team_id, person_id) where person_id is not null do nothing`.execute(db);
  const rows = await db
    .selectFrom('contacts')
    .select(['id', 'person_id'])
    .where('team_id', '=', teamId)
    .where('person_id', 'in', personIds)
    .execute();
  return new Map(rows.map((r) => [r.person_id!, r.id]));
}

export type CustomContactValues = {
  fullName: string;
  jobTitle?: string | undefined;
  companyName?: string | undefined;
  companyDomain?: string | undefined;
  linkedIn?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  city?: string | undefined;
  country?: string | undefined;
};

export async function createCustomContact(db: Kysely<DB>, teamId: string, v: CustomContactValues) {
  const [first, ...rest] = v.fullName.split(/\s+/);
  return db
    .insertInto('contacts')
    .values({
      team_id: teamId,
      is_custom: true,
      full_name: v.fullName,
      first_name: first ?? null,
      last_name: rest.join(' ') || null,
      job_title: v.jobTitle ?? null,
      company_name: v.companyName ?? null,
      company_domain: v.companyDomain ?? null,
      linkedin_url: v.linkedIn ?? null,
      emails: JSON.stringify(v.email ? [{ email: v.email, status: 'unverified' }] : []),
      primary_email: v.email ?? null,
      phones: JSON.stringify(v.phone ? [{ phoneNumber: v.phone, status: 'other' }] : []),
      primary_phone: v.phone ?? null,
      city: v.city ?? null,
      country: v.country ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A row of a file as a custom contact: numbered by its row under the import (or run) that read it. */
export type FileContactValues = {
  row: number;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  linkedinUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
};

/**
 * Inserts a file's rows as custom contacts in row order; answers their ids in that order. The
 * rows travel as one jsonb parameter (a file holds up to 50,000, beyond the bind limit of a
 * multi-row VALUES).
 */
export async function createFileContacts(db: Kysely<DB>, teamId: string, importId: string, rows: FileContactValues[]) {
  if (rows.length === 0) return [];
  const { rows: inserted } = await sql<{ id: string }>`
    insert into contacts (team_id, is_custom, source_import_id, source_row, full_name, first_name, last_name, company_name, linkedin_url, city, state, country)
    select ${teamId}, true, ${importId}, v.row, v."fullName", v."firstName", v."lastName", v."companyName", v."linkedinUrl", v.city, v.state, v.country
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v("row" int, "fullName" text, "firstName" text, "lastName" text, "companyName" text, "linkedinUrl" text, city text, state text, country text)
    order by v.row
    returning id`.execute(db);
  return inserted.map((r) => r.id);
}

/** The profile columns an outside source (a CRM pull) writes. */
export type ContactProfile = Pick<
  Insertable<ContactsTable>,
  | 'full_name' | 'first_name' | 'last_name' | 'job_title' | 'company_name' | 'company_domain' | 'linkedin_url' | 'city' | 'state'
  | 'country' | 'industry' | 'crm_data'
>;

/** A custom contact described by an outside source, with its email and phone if it gave them. */
export async function createProfiledContact(db: Kysely<DB>, teamId: string, profile: ContactProfile, channels: { email: string | null; phone: string | null }) {
  const row = await db
    .insertInto('contacts')
    .values({
      team_id: teamId,
      is_custom: true,
      ...profile,
      emails: JSON.stringify(channels.email ? [{ email: channels.email, status: 'unverified' }] : []),
      primary_email: channels.email,
      phones: JSON.stringify(channels.phone ? [{ phoneNumber: channels.phone, status: 'other' }] : []),
      primary_phone: channels.phone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites a contact's profile as its outside source now describes it (emails and phones stay). */
export async function updateContactProfile(db: Kysely<DB>, contactId: string, profile: ContactProfile) {
  await db.updateTable('contacts').set({ ...profile, updated_at: new Date() }).where('id', '=', contactId).execute();
}

export async function findContactsByIds(db: Kysely<DB>, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).where('id', 'in', ids).execute();
}

export async function findContactById(db: Kysely<DB>, teamId: string, id: string) {
  return db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
}

/** The team's contacts that hold this address among their emails (case ignored), oldest first. */
export async function findContactsByEmail(db: Kysely<DB>, teamId: string, email: string) {
  const address = email.trim().toLowerCase();
  if (address === '') return [];
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('team_id', '=', teamId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['primary_email']), '=', address),
        eb.exists(sql`(select 1 from jsonb_array_elements(contacts.emails) e where lower(e->>'email') = ${address})`),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function setPrimary(db: Kysely<DB>, teamId: string, contactId: string, values: { primary_email?: string; primary_phone?: string }) {
  return db
    .updateTable('contacts')
    .set({ ...values, updated_at: new Date() })
    .where('team_id', '=', teamId)
    .where('id', '=', contactId)
    .returningAll()
    .executeTakeFirst();
}

/** The team's copies of these people (enrichment results), and whether each sits in one of its lists. */
export async function findPeopleContacts(db: Kysely<DB>, teamId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('contacts as c')
    .select(['c.person_id', 'c.id', 'c.emails', 'c.primary_email', 'c.phones', 'c.primary_phone', 'c.last_email_enrichment', 'c.last_phone_enrichment'])
    .select((eb) => eb.exists(eb.selectFrom('list_contacts as lc').select('lc.list_id').whereRef('lc.contact_id', '=', 'c.id')).as('saved'))
    .where('c.team_id', '=', teamId)
    .where('c.person_id', 'in', personIds)
    .execute();
}

/** The columns enrichment decides from and looks a contact up with. */
export const ENRICHABLE_COLUMNS = [
  'id', 'person_id', 'full_name', 'first_name', 'last_name', 'company_name', 'company_domain', 'linkedin_url', 'city', 'state', 'country',
  'emails', 'phones', 'primary_email', 'primary_phone', 'last_email_enrichment', 'last_phone_enrichment',
] as const;

/** What the waterfall needs to know of a contact, and what enrichment decides from. */
export type EnrichableContact = Pick<Contact, (typeof ENRICHABLE_COLUMNS)[number]>;

export async function findEnrichableContacts(db: Kysely<DB>, teamId: string, ids: string[]): Promise<EnrichableContact[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('contacts').select(ENRICHABLE_COLUMNS).where('team_id', '=', teamId).where('id', 'in', ids).execute();
}

/** What one enrichment look-up found for a contact, and which kinds it really looked up. */
export type EnrichmentResult = {
  contactId: string;
  emails: ReadonlyArray<StoredEmail>;
  phones: ReadonlyArray<StoredPhone>;
  emailLooked: boolean;
  phoneLooked: boolean;
};

/**
 * Writes enrichment results: new emails and phones are appended to each contact (an address it
 * already has is not repeated, but an unverified upload of it takes the provider's status), the
 * first becomes primary when there was none or when the primary is an unchecked or failed
 * upload and an accurate one was found; the looked-up kinds get a new last-enrichment time, and
 * the lists holding the contacts count the change, in one statement. Answers the ids written.
 */
export async function writeEnrichmentResults(db: Kysely<DB>, results: EnrichmentResult[]) {
  if (results.length === 0) return [];
  const values = JSON.stringify(
    results.map((r) => ({ contact_id: r.contactId, emails: r.emails, phones: r.phones, email_done: r.emailLooked, phone_done: r.phoneLooked })),
  );
  const { rows } = await sql<{ id: string }>`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb) as v(contact_id uuid, emails jsonb, phones jsonb, email_done boolean, phone_done boolean)
    ), before as (
      -- Every part of one statement sees the contacts as they were before it.
      select c.id, c.emails, c.phones, c.linkedin_url, c.primary_email from contacts c join v on v.contact_id = c.id
    ), fresh as (
      select v.contact_id,
        coalesce((select jsonb_agg(case when x->>'status' = 'unverified'
            then coalesce((select x || (e - 'email') from jsonb_array_elements(v.emails) e where lower(e->>'email') = lower(x->>'email') limit 1), x)
            else x end order by n)
          from jsonb_array_elements(b.emails) with ordinality as t(x, n)), '[]'::jsonb) as kept,
        coalesce((select jsonb_agg(e) from jsonb_array_elements(v.emails) e
          where not exists (select 1 from jsonb_array_elements(b.emails) x where lower(x->>'email') = lower(e->>'email'))), '[]'::jsonb) as emails,
        coalesce((select jsonb_agg(p) from jsonb_array_elements(v.phones) p
          where not exists (select 1 from jsonb_array_elements(b.phones) x where x->>'phoneNumber' = p->>'phoneNumber')), '[]'::jsonb) as phones,
        (v.emails->0->>'status') in ('valid', 'personal', 'hq') as accurate_found,
        v.emails->0->>'email' as best_found,
        exists (select 1 from jsonb_array_elements(b.emails) x where lower(x->>'email') = lower(b.primary_email)
          and (x->>'status' = 'unverified' or (x ? 'verifiedAt' and x->>'status' not in ('valid', 'personal', 'hq')))) as weak_primary,
        v.email_done, v.phone_done
      from v join before b on b.id = v.contact_id
    ), after as (
      update contacts c set
        emails = f.kept || f.emails,
        phones = c.phones || f.phones,
        primary_email = case when f.weak_primary and f.accurate_found then f.best_found else coalesce(c.primary_email, f.emails->0->>'email') end,
        primary_phone = coalesce(c.primary_phone, f.phones->0->>'phoneNumber'),
        last_email_enrichment = case when f.email_done then now() else c.last_email_enrichment end,
        last_phone_enrichment = case when f.phone_done then now() else c.last_phone_enrichment end,
        updated_at = now()
      from fresh f where c.id = f.contact_id
      returning c.id, c.emails, c.phones, c.linkedin_url
    ), counted as (${applyContactChanges('before', 'after')})
    select id from after`.execute(db);
  return rows.map((r) => r.id);
}

/** One email validation's outcome for an address of a contact. */
export type EmailCheckResult = { email: string; status: string; verifiedAt: string };

/**
 * Writes email validation outcomes: each checked address of the contact takes its new status and
 * check time in place (addresses added meanwhile are kept), and the lists holding the contacts
 * count the change, in one statement. Answers the ids written.
 */
export async function writeEmailChecks(db: Kysely<DB>, teamId: string, results: Array<{ contactId: string; checks: EmailCheckResult[] }>) {
  if (results.length === 0) return [];
  const values = JSON.stringify(results.map((r) => ({ contact_id: r.contactId, checks: r.checks })));
  const { rows } = await sql<{ id: string }>`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb) as v(contact_id uuid, checks jsonb)
    ), before as (
      select c.id, c.emails, c.phones, c.linkedin_url from contacts c join v on v.contact_id = c.id where c.team_id = ${teamId}
    ), after as (
      update contacts c set
        emails = coalesce((select jsonb_agg(coalesce(
            (select x || jsonb_build_object('status', k->>'status', 'verifiedAt', k->>'verifiedAt')
              from jsonb_array_elements(v.checks) k where lower(k->>'email') = lower(x->>'email') limit 1), x) order by n)
          from jsonb_array_elements(c.emails) with ordinality as t(x, n)), '[]'::jsonb),
        updated_at = now()
      from v where c.id = v.contact_id and c.team_id = ${teamId}
      returning c.id, c.emails, c.phones, c.linkedin_url
    ), counted as (${applyContactChanges('before', 'after')})
    select id from after`.execute(db);
  return rows.map((r) => r.id);
}

/** The team's contacts of a list that hold an email not checked yet (an upload or a guess), in the list's order. */
export async function findListContactsToVerify(db: Kysely<DB>, teamId: string, listId: string) {
  return db
    .selectFrom('list_contacts as lc')
    .innerJoin('contacts as c', 'c.id', 'lc.contact_id')
    .select(['c.id', 'c.emails'])
    .where('lc.list_id', '=', listId)
    .where('c.team_id', '=', teamId)
    .where(sql<boolean>`jsonb_path_exists(c.emails, '$[*] ? ((@.status == "unverified" || @.status == "unknown") && !(exists(@.verifiedAt)))')`)
    .orderBy('lc.added_at')
    .orderBy('c.id')
    .execute();
}
