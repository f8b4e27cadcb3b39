import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { addContactsToList, findList, findMiscountedLists, insertList } from '../lists/index.js';
import { createCustomContact, findContactById, findContactsByEmail, writeEnrichmentResults } from './index.js';

let database: Database;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createOwner(database.db);
  other = await createOwner(database.db);
});
afterAll(() => database.close());

describe('contacts', () => {
  it('finds the team’s contacts by any of their addresses, ignoring case, and never another team’s', async () => {
    const db = database.db;
    const ann = await createCustomContact(db, owner.teamId, { fullName: 'Ann Lee', email: 'Ann@Acme.test' });
    const bo = await createCustomContact(db, owner.teamId, { fullName: 'Bo Chen' });
    await writeEnrichmentResults(db, [
      { contactId: bo.id, emails: [{ email: 'bo@acme.test', status: 'verified' }], phones: [], emailLooked: true, phoneLooked: false },
    ]);
    await createCustomContact(db, other.teamId, { fullName: 'Ann Elsewhere', email: 'ann@acme.test' });

    expect((await findContactsByEmail(db, owner.teamId, ' ann@ACME.test ')).map((c) => c.id)).toEqual([ann.id]);
    expect((await findContactsByEmail(db, owner.teamId, 'BO@acme.test')).map((c) => c.id)).toEqual([bo.id]);
    expect(await findContactsByEmail(db, owner.teamId, 'nobody@acme.test')).toEqual([]);
    expect(await findContactsByEmail(db, owner.teamId, '')).toEqual([]);
  });

  it('appends what enrichment found once, keeps the primary choice, and keeps the lists holding the contact counted', async () => {
    const db = database.db;
    const list = await insertList(db, { teamId: owner.teamId, name: 'Enriched', entityType: 'contactList', createdBy: owner.userId });
    const { id } = await createCustomContact(db, owner.teamId, { fullName: 'Cy Park', email: 'cy@old.test' });
    await addContactsToList(db, owner.teamId, list.id, [id], null);
    const result = {
      contactId: id,
      emails: [{ email: 'CY@old.test', status: 'verified' }, { email: 'cy@home.test', status: 'personal' }],
      phones: [{ phoneNumber: '+14155550100', status: 'valid' }],
      emailLooked: true,
      phoneLooked: true,
    };
    expect(await writeEnrichmentResults(db, [result])).toEqual([id]);
    await writeEnrichmentResults(db, [result]);

    const contact = (await findContactById(db, owner.teamId, id))!;
    expect(contact.emails.map((e) => e.email)).toEqual(['cy@old.test', 'cy@home.test']);
    expect(contact.phones.map((p) => p.phoneNumber)).toEqual(['+14155550100']);
    expect(contact).toMatchObject({ primary_email: 'cy@old.test', primary_phone: '+14155550100' });
    expect(contact.last_email_enrichment).not.toBeNull();
    expect(await findList(db, owner.teamId, list.id)).toMatchObject({ contacts_count: 1, total_with_personal_email: 1, total_with_valid_phone: 1 });
    expect(await findMiscountedLists(db, owner.teamId)).toEqual([]);
  });
});
