import type { ListDto } from '@leadline/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadPeople } from '../people-data/index.js';
import { mapPerson, PdlPerson, type PdlPerson as PdlPersonInput } from '../people-data/index.js';
import { findContactsByIds } from '../contacts/index.js';
import * as repo from './lists.repository.js';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let personIds: Record<string, string>;

const PEOPLE: PdlPersonInput[] = [
  { id: 'ann', full_name: 'ann lee', first_name: 'ann', last_name: 'lee', job_title: 'vp of sales', job_title_levels: ['vp'], job_title_role: 'sales', location_country: 'united states', location_locality: 'austin', job_company_name: 'acme', job_company_website: 'acme.com', job_company_industry: 'computer software', linkedin_url: 'linkedin.com/in/ann-lee' },
  { id: 'bob', full_name: 'bob stone', job_title: 'software engineer', job_title_levels: ['senior'], location_country: 'germany', job_company_name: 'initech' },
  { id: 'cid', full_name: 'cid moss', job_title: 'head of sales', job_title_levels: ['director'], job_title_role: 'sales', location_country: 'canada', job_company_name: 'globex', linkedin_url: 'linkedin.com/in/cid-moss' },
];

const call = (user: TestUser | null, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) } });

async function createList(user: TestUser, name: string, extra: Record<string, unknown> = {}): Promise<ListDto> {
  const response = await call(user, { method: 'POST', url: '/api/v1/lists', payload: { name, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function saveToList(user: TestUser, listId: string, people: string[]) {
  const bulk = await call(user, { method: 'POST', url: '/api/v1/contacts/bulk', payload: people.map((_id) => ({ _id })) });
  expect(bulk.statusCode, bulk.body).toBe(200);
  const contacts = bulk.json().data.contacts.map((c: { _id: string }) => c._id);
  const add = await call(user, {
    method: 'PATCH',
    url: `/api/v1/lists/addContacts/${listId}`,
    headers: { 'x-page-context': '/prospects/search' },
    payload: { contacts },
  });
  expect(add.statusCode, add.body).toBe(200);
  return { contacts: contacts as string[], answer: add.json().data as { changed: number; list: ListDto } };
}

const contents = async (user: TestUser, listId: string, body: Record<string, unknown> = {}) => {
  const response = await call(user, { method: 'POST', url: `/api/v1/lists/${listId}`, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.ctx.db);
  member = await createMember(t.ctx.db, owner, 'MEMBER');
  stranger = await createOwner(t.ctx.db);
  await loadPeople(t.ctx.db, PEOPLE.map((p) => mapPerson(PdlPerson.parse(p))));
  const rows = await t.ctx.db.selectFrom('people').select(['id', 'pdl_id']).execute();
  personIds = Object.fromEntries(rows.map((r) => [r.pdl_id!, r.id]));
});
afterAll(() => t.close());

describe('lists and their contacts', () => {
  it('copies search rows into contacts once and saves them into a list without duplicates', async () => {
    const list = await createList(owner, 'Sales leaders');
    const first = await saveToList(owner, list._id, [personIds.ann!, personIds.cid!]);
    expect(first.answer.changed).toBe(2);
    expect(first.answer.list).toMatchObject({ contacts: 2, totalWithLinkedin: 2, totalWithProfessionalEmail: 0 });

    const again = await saveToList(member, list._id, [personIds.ann!, personIds.bob!]);
    expect(again.contacts[0]).toBe(first.contacts[0]); // the team's copy of ann is reused
    expect(again.answer.changed).toBe(1);
    expect(again.answer.list.contacts).toBe(3);

    const page = await contents(owner, list._id, { sortBy: 'name', sortOrder: 'asc' });
    expect(page.total).toBe(3);
    expect(page.contacts.map((c: { fullName: string }) => c.fullName)).toEqual(['Ann Lee', 'Bob Stone', 'Cid Moss']);
    expect(page.contacts[0]).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      jobTitle: 'vp of sales',
      level: 'vp',
      department: 'sales',
      company: { name: 'Acme', domain: 'acme.com' },
      linkedIn: 'linkedin.com/in/ann-lee',
      address: { city: 'Austin', country: 'United States' },
      industry: 'computer software',
      emails: [],
      isCustom: false,
      personId: personIds.ann,
    });

    const contexts = await t.ctx.db.selectFrom('list_contacts').select('page_context').where('list_id', '=', list._id).execute();
    expect(contexts.every((c) => c.page_context === 'search')).toBe(true);
  });

  it('sorts by company name sent as company.name, filters by name and pages', async () => {
    const list = await createList(owner, 'Sortable');
    await saveToList(owner, list._id, Object.values(personIds));
    const byCompany = await contents(owner, list._id, { sortBy: 'company.name', sortOrder: 'desc' });
    expect(byCompany.contacts.map((c: { company: { name: string } }) => c.company.name)).toEqual(['Initech', 'Globex', 'Acme']);
    const filtered = await contents(owner, list._id, { filters: { name: 'moss' } });
    expect(filtered.total).toBe(1);
    const second = await contents(owner, list._id, { sortBy: 'name', sortOrder: 'asc', limit: 2, pageNum: 2 });
    expect(second.contacts.map((c: { fullName: string }) => c.fullName)).toEqual(['Cid Moss']);
    expect(second.total).toBe(3);
  });

  it('removes contacts and keeps every count equal to a recount', async () => {
    const list = await createList(owner, 'Shrinking');
    const { contacts } = await saveToList(owner, list._id, Object.values(personIds));
    const ann = contacts[Object.keys(personIds).indexOf('ann')]!;
    await t.ctx.db
      .updateTable('contacts')
      .set({ emails: JSON.stringify([{ email: 'ann@acme.com', status: 'valid' }, { email: 'ann@gmail.com', status: 'personal' }]), phones: JSON.stringify([{ phoneNumber: '+1 555 0100', status: 'valid' }]) })
      .where('id', '=', ann)
      .execute();
    await repo.recountLists(t.ctx.db, await repo.listIdsContaining(t.ctx.db, [ann]));
    const before = (await contents(owner, list._id)).list;
    expect(before).toMatchObject({ contacts: 3, totalWithPersonalEmail: 1, totalWithProfessionalEmail: 1, totalWithValidPhone: 1, totalWithLinkedin: 2 });

    const removed = await call(owner, { method: 'PATCH', url: `/api/v1/lists/removeContacts/${list._id}`, payload: { contacts: [ann] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.list).toMatchObject({ contacts: 2, totalWithPersonalEmail: 0, totalWithProfessionalEmail: 0, totalWithValidPhone: 0, totalWithLinkedin: 1 });
    expect(await repo.findMiscountedLists(t.ctx.db)).toEqual([]);
  });

  it('makes a known email or phone primary and refuses unknown ones', async () => {
    const [created] = (await call(owner, { method: 'POST', url: '/api/v1/contacts/bulk', payload: [{ fullName: 'Zoe Quinn', email: 'zoe@a.io', phone: '+44 20 1234' }] })).json().data.contacts;
    await t.ctx.db
      .updateTable('contacts')
      .set({ emails: JSON.stringify([{ email: 'zoe@a.io', status: 'unknown' }, { email: 'zoe@b.io', status: 'valid' }]) })
      .where('id', '=', created._id)
      .execute();
    const ok = await call(owner, { method: 'PATCH', url: `/api/v1/contacts/enrichedDataByContactId/${created._id}?isCustom=true`, payload: { primaryEmail: 'zoe@b.io' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.primaryEmail).toBe('zoe@b.io');
    const unknown = await call(owner, { method: 'PATCH', url: `/api/v1/contacts/enrichedDataByContactId/${created._id}`, payload: { primaryPhone: '+1 000' } });
    expect(unknown.statusCode).toBe(400);
    const foreign = await call(stranger, { method: 'PATCH', url: `/api/v1/contacts/enrichedDataByContactId/${created._id}`, payload: { primaryEmail: 'zoe@b.io' } });
    expect(foreign.statusCode).toBe(404);
  });

  it("answers 404 for another team's list and ignores its contact ids", async () => {
    const list = await createList(owner, 'Private');
    const { contacts } = await saveToList(owner, list._id, [personIds.ann!]);
    for (const [method, url, payload] of [
      ['POST', `/api/v1/lists/${list._id}`, {}],
      ['DELETE', `/api/v1/lists/${list._id}`, undefined],
      ['PATCH', `/api/v1/lists/addContacts/${list._id}`, { contacts }],
      ['PATCH', `/api/v1/lists/removeContacts/${list._id}`, { contacts }],
      ['GET', `/api/v1/lists/download/${list._id}`, undefined],
    ] as const) {
      const response = await call(stranger, { method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await createList(stranger, 'Theirs');
    const add = await call(stranger, { method: 'PATCH', url: `/api/v1/lists/addContacts/${theirs._id}`, payload: { contacts } });
    expect(add.json().data.changed).toBe(0);
  });

  it('lists lists with paging, sorting, search and creator filters, hiding system lists when asked', async () => {
    const team = await createOwner(t.ctx.db);
    const names = ['Alpha', 'bravo', 'Charlie', 'delta'];
    for (const name of names) await createList(team, name);
    await repo.insertList(t.ctx.db, { teamId: team.teamId, name: 'Generated', entityType: 'contactList', createdBy: null });
    const get = async (query: string) => {
      const response = await call(team, { method: 'GET', url: `/api/v1/lists/getAll?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const all = await get('');
    expect(all.lists.map((l: ListDto) => l.name)).toEqual(['Generated', 'delta', 'Charlie', 'bravo', 'Alpha']); // createdAt desc
    expect(all.lists[0]).toMatchObject({ createdBy: null, createdByName: 'System', generatedBySystem: true });
    expect(all.createdByData).toEqual([{ _id: team.userId, name: team.name }]);
    expect((await get('includeGeneratedBySystem=false')).total).toBe(4);
    expect((await get('sortBy=name&sortOrder=asc&limit=2&pageNum=2')).lists.map((l: ListDto) => l.name)).toEqual(['Charlie', 'delta']);
    expect((await get('name=RAV')).lists.map((l: ListDto) => l.name)).toEqual(['bravo']);
    expect((await get('createdBy=system')).total).toBe(1);
    expect((await get('hasLinkedInContacts=true')).total).toBe(0);
    const bad = await call(team, { method: 'GET', url: '/api/v1/lists/getAll?sortBy=password' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a list and keeps the contacts of the team', async () => {
    const list = await createList(owner, 'Doomed');
    const { contacts } = await saveToList(owner, list._id, [personIds.bob!]);
    const response = await call(member, { method: 'DELETE', url: `/api/v1/lists/${list._id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(owner, { method: 'POST', url: `/api/v1/lists/${list._id}`, payload: {} })).statusCode).toBe(404);
    expect(await findContactsByIds(t.ctx.db, owner.teamId, contacts)).toHaveLength(1);
  });

  it('validates names and the dynamic list filters', async () => {
    const blank = await call(owner, { method: 'POST', url: '/api/v1/lists', payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.field).toBe('name');
    const dynamicWithout = await call(owner, { method: 'POST', url: '/api/v1/lists', payload: { name: 'Dyn', isDynamic: true } });
    expect(dynamicWithout.statusCode).toBe(400);
  });

  it('downloads a list as CSV with a BOM, the upload headers first, and formulas escaped', async () => {
    const list = await createList(owner, 'Export me');
    await call(owner, { method: 'POST', url: '/api/v1/contacts/bulk', payload: [{ fullName: '=HYPERLINK("x")', companyName: 'Comma, Inc', email: 'a@b.co' }] }).then(async (r) => {
      const id = r.json().data.contacts[0]._id;
      await call(owner, { method: 'PATCH', url: `/api/v1/lists/addContacts/${list._id}`, payload: { customContacts: [id] } });
    });
    const response = await call(owner, { method: 'GET', url: `/api/v1/lists/download/${list._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('Export me.csv');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.startsWith('Full Name,Job Title,Job Level,Department,Company,Email,Phone,Company Domain,Country,City,LinkedIn URL')).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"Comma, Inc"');
  });
});

