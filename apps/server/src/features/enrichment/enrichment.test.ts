import { ENRICHMENT_MESSAGES, MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkLedger, getCreditsInfo, spendCredits } from '../credits/index.js';
import { findMiscountedLists } from '../lists/index.js';
import { loadPeople } from '../people-data/index.js';
import { mapPerson, PdlPerson, type PdlPerson as PdlPersonInput } from '../people-data/index.js';
import { contactEnriched, enrichmentBulkFinished } from './enrichment.events.js';
import { runWaterfall } from './enrichment.waterfall.js';
import { createEmailPatternProvider, learnPattern, mailboxPart, patternsOf } from './providers/email-pattern.js';
import { ProviderUnavailableError, type EnrichmentProvider, type EnrichmentQuery } from './providers/types.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

const person = (id: string, p: Partial<PdlPersonInput>): PdlPersonInput => ({ id, full_name: `person ${id}`, ...p });
const PEOPLE: PdlPersonInput[] = [
  person('ann', {
    full_name: 'ann lee',
    first_name: 'ann',
    last_name: 'lee',
    job_title: 'vp of sales',
    job_company_name: 'acme',
    job_company_website: 'acme.com',
    linkedin_url: 'linkedin.com/in/ann-lee',
    work_email: 'ann.lee@acme.com',
    personal_emails: ['ann.lee@gmail.com'],
    mobile_phone: '+1 555 0100',
  }),
  person('bob', { full_name: 'bob stone', job_company_name: 'initech', job_company_website: 'initech.com', linkedin_url: 'linkedin.com/in/bob-stone' }),
  person('cid', { full_name: 'cid moss', job_company_name: 'globex', job_company_website: 'globex.com', mobile_phone: '+1 555 0199' }),
  person('dee', { full_name: 'dee ray' }),
  // Acme's known mailboxes, from which the pattern finder learns first.last@acme.com.
  ...['eve park', 'finn cole', 'gus hale'].map((name) => {
    const [first, last] = name.split(' ') as [string, string];
    return person(first, { full_name: name, first_name: first, last_name: last, job_company_name: 'acme', job_company_website: 'acme.com', work_email: `${first}.${last}@acme.com` });
  }),
];
const ids = new Map<string, string>();

const call = (user: TestUser, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload: payload as object });
const single = (user: TestUser, payload: unknown) => call(user, '/api/v1/prospects-enrichment/single', payload);
/** The payloads of the events of this name that match. */
const published = async (name: string, match: (payload: Record<string, unknown>) => boolean) =>
  (await t.ctx.db.selectFrom('domain_events').select('payload').where('name', '=', name).execute())
    .map((e) => e.payload as Record<string, unknown>)
    .filter(match);
const bulk = (user: TestUser, payload: unknown) => call(user, '/api/v1/prospects-enrichment/bulk', payload);
const available = async (user: TestUser) => (await getCreditsInfo(t.ctx.db, user.teamId)).available;

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
};
const jobDone = async (user: TestUser, jobId: string) => {
  let body: { state: string; result: Record<string, unknown> | null } | undefined;
  await until(async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${jobId}`, headers: { cookie: user.cookie } });
    body = r.json().data;
    return body!.state === 'completed' || body!.state === 'failed';
  });
  return body!;
};

beforeAll(async () => {
  t = await createTestApp({ work: true });
  owner = await createOwner(t.ctx.db);
  stranger = await createOwner(t.ctx.db);
  await loadPeople(t.ctx.db, PEOPLE.map((p) => mapPerson(PdlPerson.parse(p))));
  for (const row of await t.ctx.db.selectFrom('people').select(['id', 'pdl_id']).execute()) ids.set(row.pdl_id!, row.id);
});
afterAll(() => t.close());

describe('single enrichment', () => {
  it('finds a search row’s work email in the local database, charges 50 credits and shows it on the search row', async () => {
    const before = await available(owner);
    const response = await single(owner, { enrichType: 'email', input: { contactId: ids.get('ann') } });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      emails: [{ email: 'ann.lee@acme.com', status: 'valid', source: 'local_database' }],
      primaryEmail: 'ann.lee@acme.com',
      phones: [],
      creditsCharged: 50,
      sources: [{ field: 'email:ann.lee@acme.com', provider: 'local_database' }],
    });
    expect(data.lastEmailEnrichment).toEqual(expect.any(String));
    expect(data.lastPhoneEnrichment).toBeNull();
    expect(await available(owner)).toBe(before - 50);
    expect(await published(contactEnriched.name, (e) => e.contactId === data.contact)).toEqual([
      { teamId: owner.teamId, contactId: data.contact, runId: expect.any(String), creditsCharged: 50 },
    ]);

    const search = await call(owner, '/search/contacts', { params: { full_name: 'ann lee', location_country: [] } });
    const row = search.json().data.response.data.find((p: { _id: string }) => p._id === ids.get('ann'));
    expect(row).toMatchObject({ contact: data.contact, primaryEmail: 'ann.lee@acme.com', lastEmailEnrichment: data.lastEmailEnrichment });
  });

  it('answers 409 when everything asked is already there, and enriches what is left', async () => {
    const again = await single(owner, { enrichType: 'email', input: { contactId: ids.get('ann') } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'ALREADY_ENRICHED', message: ENRICHMENT_MESSAGES.alreadyEnriched });

    const before = await available(owner);
    const all = await single(owner, { enrichType: 'all', input: { contactId: ids.get('ann') } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({ phones: [{ phoneNumber: '+1 555 0100', status: 'valid' }], primaryPhone: '+1 555 0100', creditsCharged: 200 });
    expect(all.json().data.emails).toHaveLength(1); // the email was not looked up again
    expect(await available(owner)).toBe(before - 200);
  });

  it('charges nothing for a miss, remembers it for 90 days and answers 409 after it', async () => {
    const before = await available(owner);
    const miss = await single(owner, { enrichType: 'all', input: { contactId: ids.get('bob') } });
    expect(miss.statusCode, miss.body).toBe(200);
    expect(miss.json().data).toMatchObject({ emails: [], phones: [], creditsCharged: 0 });
    expect(miss.json().data.lastEmailEnrichment).toEqual(expect.any(String));
    expect(await available(owner)).toBe(before);
    expect((await single(owner, { enrichType: 'email', input: { contactId: ids.get('bob') } })).statusCode).toBe(409);

    // 91 days later the miss is forgotten and it may be looked up again.
    await t.ctx.db.updateTable('contacts').set({ last_email_enrichment: new Date(Date.now() - 91 * 86_400_000) }).where('person_id', '=', ids.get('bob')!).execute();
    expect((await single(owner, { enrichType: 'email', input: { contactId: ids.get('bob') } })).statusCode).toBe(200);
  });

  it('refuses a prospect without a LinkedIn URL or a full name and company', async () => {
    const response = await single(owner, { enrichType: 'email', input: { contactId: ids.get('dee') } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ENRICHMENT_MESSAGES.cannotEnrich);
  });

  it('answers 402 with the spec message and changes no credits when the balance is short', async () => {
    const poor = await createOwner(t.ctx.db);
    const { available: all } = await getCreditsInfo(t.ctx.db, poor.teamId);
    await spendCredits(t.ctx.db, { teamId: poor.teamId, userId: poor.userId, action: 'test', amount: all - 10, idempotencyKey: 'drain' });
    const response = await single(poor, { enrichType: 'email', input: { contactId: ids.get('ann') } });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe(MESSAGES.insufficientCredits);
    expect(await available(poor)).toBe(10);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it("answers 404 for another team's contact and for an unknown person", async () => {
    const own = await single(owner, { enrichType: 'phone', input: { contactId: ids.get('cid') } });
    const contact = own.json().data.contact;
    expect((await single(stranger, { enrichType: 'email', input: { customContactId: contact } })).statusCode).toBe(404);
    expect((await single(owner, { enrichType: 'email', input: { contactId: 'no-such-person' } })).statusCode).toBe(404);
    expect((await single(owner, { enrichType: 'nope', input: { contactId: ids.get('cid') } })).statusCode).toBe(400);
  });

  it('lets every member enrich, and keeps a member within their monthly cap', async () => {
    const member = await createMember(t.ctx.db, owner, 'MEMBER');
    await t.ctx.db.updateTable('team_members').set({ credits_cap: 40 }).where('user_id', '=', member.userId).execute();
    const capped = await single(member, { enrichType: 'email', input: { contactId: ids.get('eve') } });
    expect(capped.statusCode).toBe(402);
    await t.ctx.db.updateTable('team_members').set({ credits_cap: null }).where('user_id', '=', member.userId).execute();
    expect((await single(member, { enrichType: 'email', input: { contactId: ids.get('eve') } })).statusCode).toBe(200);
  });
});

describe('bulk enrichment', () => {
  it('enriches a selection into a new list as a job, charging accurate matches and releasing the rest', async () => {
    const team = await createOwner(t.ctx.db);
    const before = await available(team);
    const response = await bulk(team, {
      inputs: ['ann', 'bob', 'cid', 'finn'].map((id) => ({ contactId: ids.get(id) })),
      inputsSource: { type: 'inputs' },
      newListTitle: 'Enriched',
      enrichType: 'all',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { jobId, listId, prospects, creditsHeld } = response.json().data;
    expect(prospects).toBe(4);
    expect(creditsHeld).toBe(4 * 250);
    const job = await jobDone(team, jobId);
    expect(job).toMatchObject({ state: 'completed', result: { found: 3, notFound: 1, failed: 0, pending: 0 } });
    expect(await published(enrichmentBulkFinished.name, (e) => e.teamId === team.teamId)).toEqual([
      { teamId: team.teamId, runId: expect.any(String), listId, total: 4, found: 3 },
    ]);
    // ann: email 50 + phone 200; cid: phone 200; finn: email 50; bob: nothing.
    expect(await available(team)).toBe(before - 500);
    const list = await call(team, `/api/v1/lists/${listId}`, { limit: 10 });
    expect(list.json().data.list).toMatchObject({ contacts: 4, completionStatus: 'complete', totalWithProfessionalEmail: 2, totalWithValidPhone: 2 });
    expect(await findMiscountedLists(t.ctx.db)).toEqual([]);
    const check = await checkLedger(t.ctx.db);
    expect(check.discrepancies).toEqual([]);
    const open = await t.ctx.db.selectFrom('credit_holds').select('id').where('team_id', '=', team.teamId).where('released_at', 'is', null).execute();
    expect(open).toEqual([]);
  });

  it('answers 409 when every input is already enriched, creating no list', async () => {
    const response = await bulk(owner, { inputs: [{ contactId: ids.get('ann') }], newListTitle: 'Nothing to do', enrichType: 'all' });
    expect(response.statusCode).toBe(409);
    const lists = await t.ctx.db.selectFrom('lists').select('id').where('name', '=', 'Nothing to do').execute();
    expect(lists).toEqual([]);
  });

  it('answers 402 changing nothing when the most it can cost is more than the balance', async () => {
    const poor = await createOwner(t.ctx.db);
    const { available: all } = await getCreditsInfo(t.ctx.db, poor.teamId);
    await spendCredits(t.ctx.db, { teamId: poor.teamId, userId: poor.userId, action: 'test', amount: all - 260, idempotencyKey: 'drain' });
    const response = await bulk(poor, { inputs: ['bob', 'cid'].map((id) => ({ contactId: ids.get(id) })), newListTitle: 'Too dear', enrichType: 'all' });
    expect(response.statusCode).toBe(402);
    expect(await available(poor)).toBe(260);
    expect(await t.ctx.db.selectFrom('lists').select('id').where('team_id', '=', poor.teamId).execute()).toEqual([]);
  });

  it('enriches the current search results up to a limit, into an existing list', async () => {
    const team = await createOwner(t.ctx.db);
    const list = await call(team, '/api/v1/lists', { name: 'Acme people' });
    const response = await bulk(team, {
      inputsSource: { type: 'searchFilters', searchFilters: { job_company_name: [{ label: 'acme', value: 'acme', status: 'include' }], location_country: [] }, limit: 2 },
      existingListId: list.json().data._id,
      enrichType: 'email',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.prospects).toBe(2);
    expect((await jobDone(team, response.json().data.jobId)).result).toMatchObject({ found: 2 });
  });

  it('enriches a file of LinkedIn URLs, and refuses a file that follows no template', async () => {
    const team = await createOwner(t.ctx.db);
    const upload = async (name: string, text: string) => {
      const boundary = 'x-boundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/files', headers: { cookie: team.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data._id as string;
    };
    const good = await upload('urls.csv', 'LinkedinURLs\nhttps://www.linkedin.com/in/ann-lee/\nlinkedin.com/in/nobody-here\n');
    const response = await bulk(team, { inputsSource: { type: 'file', attachedFileInfo: { _id: good } }, newListTitle: 'From file', enrichType: 'email' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.prospects).toBe(2);
    expect((await jobDone(team, response.json().data.jobId)).result).toMatchObject({ found: 1, notFound: 1 });

    const byName = await upload('names.csv', 'Name,Company,Location\nFinn Cole,Acme,"Austin, Texas, United States"\n');
    const named = await bulk(team, { inputsSource: { type: 'file', attachedFileInfo: { _id: byName } }, newListTitle: 'By name', enrichType: 'email' });
    expect((await jobDone(team, named.json().data.jobId)).result).toMatchObject({ found: 1 });

    const bad = await upload('bad.csv', 'Full Name,Company\nFinn Cole,Acme\n');
    const refused = await bulk(team, { inputsSource: { type: 'file', attachedFileInfo: { _id: bad } }, newListTitle: 'Bad', enrichType: 'email' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(ENRICHMENT_MESSAGES.templateMismatch);
    expect((await bulk(stranger, { inputsSource: { type: 'file', attachedFileInfo: { _id: good } }, newListTitle: 'Theirs', enrichType: 'email' })).statusCode).toBe(404);
  });

  it("enriches a list's contacts matching its name search, and refuses another team's list", async () => {
    const team = await createOwner(t.ctx.db);
    const contacts = await call(team, '/api/v1/contacts/bulk', ['gus', 'eve'].map((id) => ({ _id: ids.get(id) })));
    const list = await call(team, '/api/v1/lists', { name: 'Two' });
    const listId = list.json().data._id;
    await t.app.inject({ method: 'PATCH', url: `/api/v1/lists/addContacts/${listId}`, headers: { cookie: team.cookie }, payload: { contacts: contacts.json().data.contacts.map((c: { _id: string }) => c._id) } });
    const response = await bulk(team, { inputsSource: { type: 'list', targetListId: listId, targetListState: { name: 'gus' }, limit: 10 }, existingListId: listId, enrichType: 'email' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.prospects).toBe(1);
    expect((await bulk(stranger, { inputsSource: { type: 'list', targetListId: listId, limit: 10 }, newListTitle: 'x', enrichType: 'email' })).statusCode).toBe(404);
  });
});

describe('providers', () => {
  const query = (q: Partial<EnrichmentQuery>): EnrichmentQuery => ({
    personId: null, linkedinUrl: null, fullName: null, firstName: null, lastName: null, companyName: null, companyDomain: null, location: null, ...q,
  });
  const wants = { email: true, phone: false, personalEmails: false };

  it('learns a domain pattern from known addresses and proposes a risky, uncharged address when the domain takes mail', async () => {
    expect(mailboxPart('José-María')).toBe('josemaria');
    expect(patternsOf('jlee', 'jo', 'lee')).toEqual(['flast']);
    expect(learnPattern([{ email: 'a.b@x.com', firstName: 'a', lastName: 'b' }])).toBeNull(); // too little evidence
    const provider = createEmailPatternProvider(t.ctx.db, { resolveMx: async (domain) => domain === 'acme.com' });
    const answer = await provider.lookup(query({ firstName: 'Hal', lastName: 'Öberg', companyDomain: 'acme.com' }), wants);
    expect(answer).toEqual({ provider: 'email_pattern', emails: [{ email: 'hal.oberg@acme.com', status: 'unknown', kind: 'work' }], phones: [] });
    expect(await provider.lookup(query({ firstName: 'Hal', lastName: 'Oberg', companyDomain: 'initech.com' }), wants)).toEqual({ provider: 'email_pattern', emails: [], phones: [] });
  });

  it('says so and guesses nothing when DNS cannot be reached', async () => {
    const { DnsUnreachableError } = await import('./providers/email-pattern.js');
    const notes: string[] = [];
    const provider = createEmailPatternProvider(t.ctx.db, {
      resolveMx: async () => {
        throw new DnsUnreachableError('DNS is not reachable (ECONNREFUSED)');
      },
      onNote: (n) => notes.push(n),
    });
    expect(await provider.lookup(query({ firstName: 'Hal', lastName: 'Oberg', companyDomain: 'acme.com' }), wants)).toBeNull();
    expect(notes).toEqual(['email_pattern: DNS is not reachable (ECONNREFUSED), so no address was guessed for acme.com']);
  });

  it('runs the waterfall in order until an accurate match, past providers that are down', async () => {
    const asked: string[] = [];
    const fake = (name: string, answer: () => Promise<{ email: string; status: string }[]>): EnrichmentProvider => ({
      name,
      async lookup() {
        asked.push(name);
        return { provider: name, emails: (await answer()).map((e) => ({ ...e, kind: 'work' as const })), phones: [] };
      },
    });
    const result = await runWaterfall(
      [
        fake('down', () => Promise.reject(new ProviderUnavailableError('down', 'HTTP 503'))),
        fake('guess', async () => [{ email: 'a@x.com', status: 'unknown' }]),
        fake('verified', async () => [{ email: 'b@x.com', status: 'valid' }]),
        fake('never', async () => [{ email: 'c@x.com', status: 'valid' }]),
      ],
      query({ fullName: 'a b', companyName: 'x' }),
      wants,
    );
    expect(asked).toEqual(['down', 'guess', 'verified']);
    expect(result.emails.map((e) => [e.email, e.source])).toEqual([['b@x.com', 'verified'], ['a@x.com', 'guess']]);
    expect(result.unavailable).toEqual(['down: HTTP 503']);
  });
});
