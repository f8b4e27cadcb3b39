import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The company of the people database at `domain`, if any. */
export async function findCompanyByDomain(db: Kysely<DB>, domain: string) {
  return db
    .selectFrom('companies')
    .select(['name', 'domain', 'industry', 'size', 'employee_count', 'inferred_revenue', 'total_funding_raised', 'type', 'headquarters_country', 'location_name', 'founded'])
    .where('domain', '=', domain)
    .limit(1)
    .executeTakeFirst();
}

/** The team's contacts at `domain`: how many, and a few names and titles. */
export async function findTeamContactsAt(db: Kysely<DB>, teamId: string, domain: string, limit: number) {
  return db
    .selectFrom('contacts')
    .select(['full_name', 'job_title'])
    .where('team_id', '=', teamId)
    .where('company_domain', '=', domain)
    .orderBy('full_name')
    .limit(limit)
    .execute();
}

/** The newest emails from `domain` in the member's own mailboxes. */
export async function findEmailsFromDomain(db: Kysely<DB>, owner: { teamId: string; userId: string }, domain: string, limit: number) {
  return db
    .selectFrom('mail_messages as m')
    .innerJoin('mail_accounts as a', 'a.id', 'm.account_id')
    .select(['m.subject', 'm.from_address', 'm.sent_at', 'm.text_body'])
    .where('a.team_id', '=', owner.teamId)
    .where('a.user_id', '=', owner.userId)
    .where('m.from_address', 'ilike', `%@${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`)
    .orderBy('m.sent_at', 'desc')
    .limit(limit)
    .execute();
}

/** The team's contact list with this id or, failing that, this name (case-insensitive; the newest when several share it). */
export async function findTeamContactList(db: Kysely<DB>, teamId: string, ref: string, refIsId: boolean) {
  return db
    .selectFrom('lists')
    .select(['id', 'name', 'contacts_count'])
    .where('team_id', '=', teamId)
    .where('entity_type', '=', 'contactList')
    .where((eb) => (refIsId ? eb('id', '=', ref) : eb(eb.fn('lower', ['name']), '=', ref.toLowerCase())))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
