import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startPdlServer } from '../../test/vendors/pdl-server.js';
import { getCreditsInfo } from '../credits/index.js';
import { loadPeople } from '../people-data/index.js';
import { mapPerson, PdlPerson } from '../people-data/index.js';

// The whole waterfall with People Data Labs configured, PDL being a loopback server.
let t: TestApp;
let pdl: Awaited<ReturnType<typeof startPdlServer>>;
let owner: TestUser;
const ids = new Map<string, string>();

beforeAll(async () => {
  pdl = await startPdlServer({
    apiKey: 'k',
    rateLimitFirst: 1,
    people: [{ likelihood: 8, linkedin_url: 'linkedin.com/in/vic-lane', data: { work_email: 'vic@hooli.com', mobile_phone: '+44 7700 900123' } }],
  });
  t = await createTestApp({ work: true, config: { pdl: { apiKey: 'k', baseUrl: pdl.url, minLikelihood: 6 }, outboundAllowPrivate: true } });
  owner = await createOwner(t.ctx.db);
  await loadPeople(t.ctx.db, [
    mapPerson(PdlPerson.parse({ id: 'vic', full_name: 'vic lane', job_company_name: 'hooli', linkedin_url: 'linkedin.com/in/vic-lane' })),
    mapPerson(PdlPerson.parse({ id: 'wes', full_name: 'wes hunt', job_company_name: 'hooli', linkedin_url: 'linkedin.com/in/wes-hunt', work_email: 'wes@hooli.com' })),
  ]);
  for (const row of await t.ctx.db.selectFrom('people').select(['id', 'pdl_id']).execute()) ids.set(row.pdl_id!, row.id);
});
afterAll(async () => {
  await t.close();
  await pdl.close();
});

const single = (user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/prospects-enrichment/single', headers: { cookie: user.cookie }, payload: payload as object });

describe('the waterfall with People Data Labs', () => {
  it('asks PDL only for what the local database lacks, through a 429, and records who found what', async () => {
    const before = (await getCreditsInfo(t.ctx.db, owner.teamId)).available;
    const response = await single(owner, { enrichType: 'all', input: { contactId: ids.get('vic') } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      emails: [{ email: 'vic@hooli.com', status: 'valid', source: 'people_data_labs' }],
      phones: [{ phoneNumber: '+44 7700 900123', status: 'valid', source: 'people_data_labs' }],
      creditsCharged: 250,
    });
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).available).toBe(before - 250);
    expect(pdl.requests.filter((r) => r.searchParams.get('profile') === 'linkedin.com/in/vic-lane')).toHaveLength(2); // a 429, then the answer
  });

  it('stops at the local database when it has the email', async () => {
    const asked = pdl.requests.length;
    const response = await single(owner, { enrichType: 'email', input: { contactId: ids.get('wes') } });
    expect(response.json().data.emails).toEqual([{ email: 'wes@hooli.com', status: 'valid', source: 'local_database' }]);
    expect(pdl.requests.length).toBe(asked);
  });

  it('does not spend vendor money for a team on the basic database', async () => {
    const basic = await createOwner(t.ctx.db);
    await t.ctx.db.updateTable('teams').set({ database_type: 'basic' }).where('id', '=', basic.teamId).execute();
    const asked = pdl.requests.length;
    const response = await single(basic, { enrichType: 'phone', input: { contactId: ids.get('vic') } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ phones: [], creditsCharged: 0 });
    expect(pdl.requests.length).toBe(asked);
  });
});
