import { sql, type RawBuilder } from 'kysely';

/*
 * The per-contact facts a list counts (personal email, professional email, LinkedIn, valid
 * phone), as SQL over a row alias, so adds, removes, recounts and a contact's own changes share
 * one definition. Lists keep these counts on their rows; a statement that changes contacts keeps
 * the lists holding them counted in the same statement (applyContactChanges).
 */
const hasPersonalEmail = (c: string) => sql<boolean>`(${sql.ref(`${c}.emails`)} @> '[{"status":"personal"}]'::jsonb)`;
const hasProfessionalEmail = (c: string) =>
  sql<boolean>`jsonb_path_exists(${sql.ref(`${c}.emails`)}, '$[*] ? (@.status != "personal" && @.status != "invalid" && @.status != "do_not_mail")')`;
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
