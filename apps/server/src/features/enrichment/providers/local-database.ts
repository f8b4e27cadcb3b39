import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { EnrichmentProvider, EnrichmentQuery, EnrichmentWants, FoundEmail, FoundPhone, ProviderAnswer } from './types.js';

export const LOCAL_DATABASE = 'local_database';

type PersonContact = { work_email: string | null; personal_emails: string[]; mobile_phone: string | null };

/** The person this query names in the people database: by id, else LinkedIn URL, else full name and company. */
async function findPerson(db: Kysely<DB>, q: EnrichmentQuery): Promise<PersonContact | undefined> {
  const base = db.selectFrom('people').select(['work_email', 'personal_emails', 'mobile_phone']).limit(1);
  if (q.personId) return base.where('id', '=', q.personId).executeTakeFirst();
  if (q.linkedinUrl) return base.where('linkedin_url', '=', q.linkedinUrl.toLowerCase()).executeTakeFirst();
  if (q.fullName && q.companyName) {
    return base
      .where('full_name', '=', q.fullName.trim().toLowerCase())
      .where('job_company_name', '=', q.companyName.trim().toLowerCase())
      .executeTakeFirst();
  }
  return undefined;
}

/**
 * Provider 1 of the waterfall: the people database itself (PDL-shaped, so a loaded PDL dump's
 * emails and phones are found here first, at no vendor cost). Work emails count as valid,
 * personal ones only when the team prefers personal emails (their price includes them).
 */
export function createLocalDatabaseProvider(db: Kysely<DB>): EnrichmentProvider {
  return {
    name: LOCAL_DATABASE,
    async lookup(query: EnrichmentQuery, wants: EnrichmentWants): Promise<ProviderAnswer | null> {
      if (!query.personId && !query.linkedinUrl && !(query.fullName && query.companyName)) return null;
      const person = await findPerson(db, query);
      const emails: FoundEmail[] = [];
      const phones: FoundPhone[] = [];
      if (person && wants.email) {
        if (person.work_email) emails.push({ email: person.work_email, status: 'valid', kind: 'work' });
        if (wants.personalEmails) for (const email of person.personal_emails) emails.push({ email, status: 'personal', kind: 'personal' });
      }
      if (person && wants.phone && person.mobile_phone) phones.push({ phoneNumber: person.mobile_phone, status: 'valid' });
      return { provider: LOCAL_DATABASE, emails, phones };
    },
  };
}
