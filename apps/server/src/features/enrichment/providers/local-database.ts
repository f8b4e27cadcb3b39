import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { findPersonContact } from '../enrichment.repository.js';
import type { EnrichmentProvider, EnrichmentQuery, EnrichmentWants, FoundEmail, FoundPhone, ProviderAnswer } from './types.js';

export const LOCAL_DATABASE = 'local_database';

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
      const person = await findPersonContact(db, query);
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
