import { AppError, notFound, type ListContactDto, type ProspectInput } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Contact } from '../../db/schema-lists.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './contacts.repository.js';

export function presentContact(c: Contact, addedAt: Date = c.created_at): ListContactDto {
  return {
    _id: c.id,
    firstName: c.first_name,
    lastName: c.last_name,
    fullName: c.full_name,
    jobTitle: c.job_title,
    level: c.level,
    department: c.department,
    company: { name: c.company_name, domain: c.company_domain },
    linkedIn: c.linkedin_url,
    emails: c.emails as ListContactDto['emails'],
    primaryEmail: c.primary_email,
    phones: c.phones,
    primaryPhone: c.primary_phone,
    address: { city: c.city, state: c.state, country: c.country },
    industry: c.industry,
    crmData: c.crm_data,
    isCustom: c.is_custom,
    personId: c.person_id,
    lastEmailEnrichment: c.last_email_enrichment?.toISOString() ?? null,
    lastPhoneEnrichment: c.last_phone_enrichment?.toISOString() ?? null,
    addedAt: addedAt.toISOString(),
  };
}

/** Turns search rows (people ids) or described prospects into the team's contacts, in input order. */
export async function createContacts(db: Kysely<DB>, actor: Actor, prospects: ProspectInput[]) {
  const personIds = prospects.flatMap((p) => ('_id' in p ? [p._id] : []));
  const byPerson = await repo.createFromPeople(db, actor.teamId, personIds);
  const out: Array<{ _id: string; personId: string | null; isCustom: boolean }> = [];
  for (const p of prospects) {
    if ('_id' in p) {
      const id = byPerson.get(p._id);
      if (!id) throw new AppError('NOT_FOUND', 'Prospect not found.', { field: '_id' });
      out.push({ _id: id, personId: p._id, isCustom: false });
    } else {
      const { id } = await repo.createCustomContact(db, actor.teamId, p);
      out.push({ _id: id, personId: null, isCustom: true });
    }
  }
  return out;
}

export async function createContact(db: Kysely<DB>, actor: Actor, prospect: ProspectInput) {
  const [created] = await createContacts(db, actor, [prospect]);
  const contact = await repo.findContactById(db, actor.teamId, created!._id);
  return presentContact(contact!);
}

/** Makes one of the contact's known emails or phones the primary one. */
export async function setPrimaryItem(db: Kysely<DB>, actor: Actor, contactId: string, body: { primaryEmail?: string | undefined; primaryPhone?: string | undefined }) {
  const contact = await repo.findContactById(db, actor.teamId, contactId);
  if (!contact) throw notFound('Contact');
  if (body.primaryEmail !== undefined && !contact.emails.some((e) => e.email === body.primaryEmail)) {
    throw new AppError('VALIDATION_FAILED', 'This email is not one of the contact’s emails.', { field: 'primaryEmail' });
  }
  if (body.primaryPhone !== undefined && !contact.phones.some((p) => p.phoneNumber === body.primaryPhone)) {
    throw new AppError('VALIDATION_FAILED', 'This phone number is not one of the contact’s phone numbers.', { field: 'primaryPhone' });
  }
  const updated = await repo.setPrimary(db, actor.teamId, contactId, {
    ...(body.primaryEmail !== undefined ? { primary_email: body.primaryEmail } : {}),
    ...(body.primaryPhone !== undefined ? { primary_phone: body.primaryPhone } : {}),
  });
  return presentContact(updated!);
}
