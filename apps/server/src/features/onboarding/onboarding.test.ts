import { COMPANY_MESSAGES, DEFAULT_KNOWLEDGE_PROFILE_NAME, ONBOARDING_MESSAGES } from '@leadline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (caller: TestUser) => ({ cookie: caller.cookie });
const me = async (caller: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: as(caller) })).json().user;
const onboard = (caller: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/onboard', headers: as(caller), payload });
const putStep = (caller: TestUser, onboardingStep: string) => t.app.inject({ method: 'PUT', url: '/userInfo', headers: as(caller), payload: { onboardingStep } });
const tour = (caller: TestUser, tourId: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: method === 'POST' ? `/api/v1/onboarding/tours?tourId=${encodeURIComponent(tourId)}` : '/api/v1/onboarding/tours', headers: as(caller) });
const putDomains = (caller: TestUser, domain: string[]) => t.app.inject({ method: 'PUT', url: '/ip-addresses', headers: as(caller), payload: { domain } });

const company = { companyName: 'Acme Robotics', domain: 'acme-robotics.test', competitorDomains: ['https://www.Rival.test/pricing', 'other.test'], includeSubPages: true };

describe('who goes through onboarding', () => {
  it('starts a signed-up owner at the company step, the second one', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Nia New', email: 'nia@fresh.test', password: 'longenough', companyName: 'Fresh' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.onboardingStep).toBe('company');
  });

  it('never puts a finished user back, and moves a user in onboarding only forward', async () => {
    const { member } = await createTeam(t.ctx.db);
    expect((await putStep(member, 'company')).json().user.onboardingStep).toBe('finished');

    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company' });
    expect((await putStep(owner, 'power-ups')).json().user.onboardingStep).toBe('power-ups');
    expect((await putStep(owner, 'integrations')).json().user.onboardingStep).toBe('power-ups');
    expect((await putStep(owner, 'finished')).json().user.onboardingStep).toBe('finished');
    expect((await putStep(owner, 'plan')).json().user.onboardingStep).toBe('finished');
  });

  it('refuses a step that does not exist', async () => {
    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company' });
    const response = await putStep(owner, 'launch');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('onboardingStep');
  });
});

describe('POST /onboard (the company step)', () => {
  const profiles = async (caller: TestUser) => (await t.app.inject({ method: 'GET', url: '/knowledge-hub/get-all-profiles', headers: as(caller) })).json().data;
  const crawlJobs = async (profileId: string) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'knowledge-hub.build-profile' and data->>'profileId' = ${profileId}`.execute(t.ctx.db);
    return rows[0]!.n;
  };

  it("names the team, creates the knowledge hub profile 'My First Knowledge Hub' with the root URLs and its crawl, and moves on to integrations", async () => {
    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company' });
    const response = await onboard(owner, company);
    expect(response.statusCode, response.body).toBe(200);
    const rootUrls = [
      { url: 'https://acme-robotics.test', isCompetitor: false, includeSubPages: true },
      { url: 'https://rival.test', isCompetitor: true, includeSubPages: true },
      { url: 'https://other.test', isCompetitor: true, includeSubPages: true },
    ];
    expect(response.json().data).toMatchObject({ onboardingStep: 'integrations', profile: { profileName: DEFAULT_KNOWLEDGE_PROFILE_NAME, rootUrls } });
    expect(await me(owner)).toMatchObject({ companyName: 'Acme Robotics', domain: 'acme-robotics.test', onboardingStep: 'integrations' });

    const [profile, ...others] = await profiles(owner);
    expect(others).toEqual([]);
    expect(profile).toMatchObject({ profileName: DEFAULT_KNOWLEDGE_PROFILE_NAME, isDefaultProfile: true, status: 'processing', rootUrls });
    expect(await crawlJobs(profile._id)).toBe(1);
  });

  it('updates the same profile when the step is saved again, and reads it again only when its sites changed', async () => {
    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company' });
    await onboard(owner, company);
    const [first] = await profiles(owner);

    await onboard(owner, { ...company, domain: 'https://ACME-robotics.test/' });
    expect(await crawlJobs(first._id)).toBe(1);

    await putStep(owner, 'power-ups');
    const again = await onboard(owner, { ...company, competitorDomains: ['third.test', 'www.acme-robotics.test'], includeSubPages: false });
    expect(again.json().data.onboardingStep).toBe('power-ups');
    const expected = [
      { url: 'https://acme-robotics.test', isCompetitor: false, includeSubPages: false },
      { url: 'https://third.test', isCompetitor: true, includeSubPages: false },
    ];
    expect(await profiles(owner)).toMatchObject([{ _id: first._id, rootUrls: expected, status: 'processing' }]);
    expect(await crawlJobs(first._id)).toBe(2);
    const state = (await t.app.inject({ method: 'GET', url: '/api/v1/onboarding', headers: as(owner) })).json().data;
    expect(state.profile).toMatchObject({ profileName: DEFAULT_KNOWLEDGE_PROFILE_NAME, rootUrls: expected });
  });

  it('creates the profile again when its owner deleted it in the knowledge hub', async () => {
    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company' });
    await onboard(owner, company);
    const [first] = await profiles(owner);
    await t.app.inject({ method: 'POST', url: '/knowledge-hub/delete-profile-vs-id', headers: as(owner), payload: { profileId: first._id } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/onboarding', headers: as(owner) })).json().data.profile).toBeNull();

    expect((await onboard(owner, company)).statusCode).toBe(200);
    const [second, ...others] = await profiles(owner);
    expect(others).toEqual([]);
    expect(second._id).not.toBe(first._id);
    expect(second.isDefaultProfile).toBe(true);
  });

  it("answers the spec's messages in its order and changes nothing", async () => {
    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company', companyName: 'Before' });
    const cases: [object, string, string][] = [
      [{ ...company, companyName: '  ' }, COMPANY_MESSAGES.nameAndWebsiteRequired, 'companyName'],
      [{ ...company, domain: '' }, COMPANY_MESSAGES.nameAndWebsiteRequired, 'domain'],
      [{ ...company, domain: 'not a website' }, COMPANY_MESSAGES.invalidWebsite, 'domain'],
      [{ ...company, competitorDomains: [] }, ONBOARDING_MESSAGES.competitorRequired, 'competitorDomains'],
      [{ ...company, competitorDomains: ['no dot'] }, ONBOARDING_MESSAGES.invalidDomain, 'competitorDomains.0'],
    ];
    for (const [payload, message, field] of cases) {
      const response = await onboard(owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ field });
      expect(response.json().error.message).toContain(message);
    }
    expect(await me(owner)).toMatchObject({ companyName: 'Before', onboardingStep: 'company' });
  });

  it('is for the owner only: an admin or a member gets 403', async () => {
    const { admin, member } = await createTeam(t.ctx.db);
    expect((await onboard(admin, company)).statusCode).toBe(403);
    expect((await onboard(member, company)).statusCode).toBe(403);
  });
});

describe('guided tours', () => {
  it('records a tour once, keeps each user their own, and a replay clears them', async () => {
    const { owner, member } = await createTeam(t.ctx.db);
    expect((await tour(owner, 'prospect-search')).json().data.completedOnboardingTours).toEqual(['prospect-search']);
    await tour(owner, 'prospect-search');
    await tour(owner, 'list-detail');
    expect((await me(owner)).completedOnboardingTours).toEqual(['prospect-search', 'list-detail']);
    expect((await me(member)).completedOnboardingTours).toEqual([]);

    const replay = await tour(owner, '', 'DELETE');
    expect(replay.json().data.completedOnboardingTours).toEqual([]);
    expect((await me(owner)).completedOnboardingTours).toEqual([]);
  });

  it('refuses a tour that does not exist', async () => {
    const owner = await createOwner(t.ctx.db);
    const response = await tour(owner, 'nope');
    expect(response.statusCode).toBe(400);
    expect((await me(owner)).completedOnboardingTours).toEqual([]);
  });
});

describe('allowed domains for website tracking', () => {
  it('stores the normalised list once each, replaces it, and shows the script tag with the team', async () => {
    const { owner, admin } = await createTeam(t.ctx.db);
    const saved = await putDomains(owner, [' https://www.Acme.test/about ', 'shop.acme.test', 'acme.test']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.sort()).toEqual(['acme.test', 'shop.acme.test']);
    expect((await putDomains(admin, ['shop.acme.test'])).json().data).toEqual(['shop.acme.test']);

    const state = (await t.app.inject({ method: 'GET', url: '/api/v1/onboarding', headers: as(owner) })).json().data;
    expect(state.allowedDomains).toEqual(['shop.acme.test']);
    expect(state.scriptTag).toContain(`data-team="${owner.teamId}"`);
  });

  it("refuses a value that is no domain with the spec's message, and a member", async () => {
    const { owner, member } = await createTeam(t.ctx.db);
    const bad = await putDomains(owner, ['   ']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(ONBOARDING_MESSAGES.invalidDomain);
    expect((await putDomains(member, ['acme.test'])).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/ip-addresses/domains', headers: as(member) })).statusCode).toBe(403);
  });

  it("keeps each team's list to itself", async () => {
    const ours = await createTeam(t.ctx.db);
    const theirs = await createTeam(t.ctx.db);
    await putDomains(ours.owner, ['ours.test']);
    await putDomains(theirs.owner, ['theirs.test']);
    expect((await t.app.inject({ method: 'GET', url: '/ip-addresses/domains', headers: as(ours.owner) })).json().data).toEqual(['ours.test']);
  });
});
