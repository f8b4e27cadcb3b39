import { KNOWLEDGE_MESSAGES, type KnowledgeProfileDetail, type KnowledgeProfileDto } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { docxWith, pdfWith, startKnowledgeSite } from '../../test/knowledge-site.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildProfile } from './knowledge-build.js';
import * as repo from './knowledge-hub.repository.js';
import { retrieveKnowledge } from './knowledge-retrieval.js';

let t: TestApp;
let site: Awaited<ReturnType<typeof startKnowledgeSite>>;
let team: Awaited<ReturnType<typeof createTeam>>;

const actorOf = (u: TestUser): Actor => ({ userId: u.userId, teamId: u.teamId, email: u.email, name: u.name, permission: 'TEAM_MEMBER', role: 'MEMBER', sessionHash: '' });
const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const profiles = async (user: TestUser) => (await call(user, 'GET', '/knowledge-hub/get-all-profiles')).json().data as KnowledgeProfileDto[];
const detail = async (user: TestUser, id: string) => (await call(user, 'GET', `/knowledge-hub/profile/${id}`)).json().data as KnowledgeProfileDetail;

async function until(user: TestUser, id: string, done: (p: KnowledgeProfileDto) => boolean, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const profile = (await profiles(user)).find((p) => p._id === id)!;
    if (done(profile)) return profile;
    if (Date.now() > end) throw new Error(`profile still ${profile.status}: ${JSON.stringify(profile)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function multipart(bytes: Buffer, fileName: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----knowledge' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  site = await startKnowledgeSite({ pageCount: 150, redirectTo: () => `http://localhost:${site.port}/` });
  t = await createTestApp({ work: true, config: { outboundAllowPrivate: true } });
  team = await createTeam(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe('knowledge hub crawl', () => {
  it('reads the root and 100 subpages (sitemap first), the PDF and the DOCX, obeys robots.txt and keeps main content only', async () => {
    const created = await call(team.member, 'POST', '/knowledge-hub/create-profile-state-machine', {
      userId: 'ignored',
      profileName: 'Acme',
      rootUrls: [{ url: site.origin, includeSubPages: true, isCompetitor: false }],
      additionalInfo: [{ text: 'We offer a 30 day money-back guarantee.', filename: null, isCompetitor: false }, { text: '   ', isCompetitor: false }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ message: KNOWLEDGE_MESSAGES.createStarted, data: { profileName: 'Acme', status: 'processing', isDefaultProfile: true } });
    const id = created.json().data._id as string;

    const ready = await until(team.member, id, (p) => p.status !== 'processing');
    expect(ready).toMatchObject({ status: 'ready', error: null, additionalInfo: [{ filename: null, isCompetitor: false, characters: 39 }] });
    // The context text, the root and 100 subpages.
    expect(ready.sourceCount).toBe(1 + 1 + 100);
    expect(ready.progress).toEqual({ done: 102, total: 102 });

    const { sources } = await detail(team.member, id);
    expect(sources.filter((s) => s.kind === 'pdf').map((s) => s.title)).toEqual(['guide.pdf']);
    expect(sources.filter((s) => s.kind === 'docx').map((s) => s.title)).toEqual(['brochure.docx']);
    expect(sources.filter((s) => s.kind === 'page')).toHaveLength(99);
    expect([...site.hits.keys()].filter((p) => p.startsWith('/private'))).toEqual([]);
    // The PDF, the DOCX and pages 1 to 98 are the 100 subpages; nothing after them is fetched.
    expect(site.hits.get('/page/98')).toBe(1);
    expect(site.hits.has('/page/99')).toBe(false);

    const chunks = await t.ctx.db.selectFrom('knowledge_chunks').select('content').where('profile_id', '=', id).execute();
    const all = chunks.map((c) => c.content).join('\n');
    expect(all).toContain('Acme sells rocket skates to logistics teams.');
    expect(all).toContain('the Rocket plan costs 49 dollars per seat');
    expect(all).toContain('onboarding takes two weeks');
    for (const noise of ['MENU-ONLY-TEXT', 'FOOTER-ONLY-TEXT', 'SCRIPT-TEXT']) expect(all).not.toContain(noise);

    const found = await retrieveKnowledge(t.ctx, actorOf(team.member), { text: 'How much does the plan cost per seat? Send me pricing.' });
    expect(found.profileId).toBe(id);
    expect(found.passages[0]).toMatchObject({ url: `${site.origin}/docs/guide.pdf` });
    const topic = await retrieveKnowledge(t.ctx, actorOf(team.member), { profileId: id, text: 'tell me about topic42' });
    expect(topic.passages[0]!.url).toBe(`${site.origin}/page/42`);
  });

  it('refuses a redirect to a private address when private targets are not allowed', async () => {
    const { id, crawl_run } = await repo.insertProfile(t.ctx.db, {
      teamId: team.owner.teamId,
      userId: team.owner.userId,
      name: 'Redirect',
      rootUrls: [{ url: `${site.origin}/go-private`, includeSubPages: false, isCompetitor: false }],
      additionalInfo: [],
      isDefault: false,
    });
    const before = site.hits.get('/') ?? 0;
    // The test site itself is let through as if it were public; the host it redirects to is not.
    expect(await buildProfile({ ...t.ctx, config: { ...t.ctx.config, outboundAllowPrivate: false } }, id, crawl_run, { fetcher: { trustedHosts: [site.host] } })).toBe('done');
    const profile = (await repo.findProfileById(t.ctx.db, id))!;
    expect(profile.status).toBe('failed');
    expect(profile.error).toMatch(/Refused to connect to localhost/);
    expect(site.hits.get('/go-private')).toBeGreaterThanOrEqual(1);
    expect(site.hits.get('/') ?? 0).toBe(before);
  });

  it('refuses a loopback root outright without OUTBOUND_ALLOW_PRIVATE', async () => {
    const { id, crawl_run } = await repo.insertProfile(t.ctx.db, {
      teamId: team.owner.teamId,
      userId: team.owner.userId,
      name: 'Loopback',
      rootUrls: [{ url: site.origin, includeSubPages: true, isCompetitor: false }],
      additionalInfo: [],
      isDefault: false,
    });
    await buildProfile({ ...t.ctx, config: { ...t.ctx.config, outboundAllowPrivate: false } }, id, crawl_run);
    const profile = (await repo.findProfileById(t.ctx.db, id))!;
    expect(profile).toMatchObject({ status: 'failed', source_count: 0 });
    expect(profile.error).toMatch(/Refused to connect to 127\.0\.0\.1/);
  });

  it('does nothing for a crawl run that a newer one replaced', async () => {
    const { id, crawl_run } = await repo.insertProfile(t.ctx.db, { teamId: team.owner.teamId, userId: team.owner.userId, name: 'Stale', rootUrls: [], additionalInfo: [{ text: 'x', filename: null, isCompetitor: false }], isDefault: false });
    await repo.restartCrawl(t.ctx.db, id, { rootUrls: [], additionalInfo: [] });
    expect(await buildProfile(t.ctx, id, crawl_run)).toBe('stale');
    expect((await repo.findProfileById(t.ctx.db, id))!.source_count).toBe(0);
  });
});

describe('knowledge hub profiles', () => {
  it('keeps exactly one default per member, moves it on delete, and hides profiles from others', async () => {
    const owner = await createOwner(t.ctx.db);
    const make = async (name: string) => {
      const response = await call(owner, 'POST', '/knowledge-hub/create-profile-state-machine', { profileName: name, rootUrls: [{ url: 'acme.example' }], additionalInfo: [] });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as KnowledgeProfileDto;
    };
    const first = await make('My First Knowledge Hub');
    const second = await make('Second');
    expect(first.rootUrls).toEqual([{ url: 'https://acme.example', includeSubPages: false, isCompetitor: false }]);
    expect([first.isDefaultProfile, second.isDefaultProfile]).toEqual([true, false]);

    const set = await call(owner, 'POST', '/knowledge-hub/set-default-kh-profile', { profileId: second._id });
    expect(set.statusCode, set.body).toBe(200);
    expect((await profiles(owner)).map((p) => [p.profileName, p.isDefaultProfile])).toEqual([
      ['My First Knowledge Hub', false],
      ['Second', true],
    ]);

    const other = await createOwner(t.ctx.db);
    expect(await profiles(other)).toEqual([]);
    expect((await call(other, 'POST', '/knowledge-hub/set-default-kh-profile', { profileId: second._id })).statusCode).toBe(404);
    expect((await call(other, 'POST', '/knowledge-hub/delete-profile-vs-id', { profileId: second._id })).statusCode).toBe(404);
    expect((await call(other, 'GET', `/knowledge-hub/profile/${second._id}`)).statusCode).toBe(404);

    const deleted = await call(owner, 'POST', '/knowledge-hub/delete-profile-vs-id', { profileId: second._id });
    expect(deleted.json()).toEqual({ success: true, message: KNOWLEDGE_MESSAGES.deleted });
    expect((await profiles(owner)).map((p) => [p.profileName, p.isDefaultProfile])).toEqual([['My First Knowledge Hub', true]]);
  });

  it('validates names, domains and duplicates with the spec messages', async () => {
    const owner = await createOwner(t.ctx.db);
    const bad = async (payload: object, message: string) => {
      const response = await call(owner, 'POST', '/knowledge-hub/create-profile-state-machine', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    };
    await bad({ profileName: 'x', rootUrls: [{ url: 'not a domain' }] }, KNOWLEDGE_MESSAGES.invalidDomain);
    await bad({ profileName: 'x', rootUrls: [{ url: 'acme.example' }, { url: 'https://ACME.example/' }] }, KNOWLEDGE_MESSAGES.duplicateDomain);
    await bad({ profileName: '  ', rootUrls: [{ url: 'acme.example' }] }, KNOWLEDGE_MESSAGES.nameRequired);
    await bad({ profileName: 'x', rootUrls: [] }, KNOWLEDGE_MESSAGES.urlRequired);
  });

  it('renames, adds content (a new crawl) and removes a root URL or a context item with what was read from it', async () => {
    const created = await call(team.admin, 'POST', '/knowledge-hub/create-profile-state-machine', {
      profileName: 'Edit me',
      rootUrls: [{ url: `${site.origin}/page/7` }],
      additionalInfo: [{ text: 'First context about warranties.' }, { text: 'Second context about refunds.', filename: 'refunds.pdf' }],
    });
    const id = created.json().data._id as string;
    await until(team.admin, id, (p) => p.status === 'ready');

    const patched = await call(team.admin, 'PATCH', '/knowledge-hub/profile', { profileId: id, profileName: 'Edited', addRootUrls: [{ url: `${site.origin}/page/8` }] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ profileName: 'Edited', status: 'processing' });
    const ready = await until(team.admin, id, (p) => p.status === 'ready');
    expect(ready.sourceCount).toBe(4);

    const removedUrl = await call(team.admin, 'DELETE', '/knowledge-hub/profile/content', { profileId: id, url: `${site.origin}/page/7` });
    expect(removedUrl.statusCode, removedUrl.body).toBe(200);
    expect(removedUrl.json().data).toMatchObject({ sourceCount: 3, rootUrls: [{ url: `${site.origin}/page/8` }] });
    const removedInfo = await call(team.admin, 'DELETE', '/knowledge-hub/profile/content', { profileId: id, additionalInfoIndex: 0 });
    expect(removedInfo.json().data).toMatchObject({ sourceCount: 2, additionalInfo: [{ filename: 'refunds.pdf' }] });
    const { sources } = await detail(team.admin, id);
    expect(sources.map((s) => s.title ?? s.url).sort()).toEqual(['Feature 8', 'refunds.pdf']);
    expect((await call(team.admin, 'DELETE', '/knowledge-hub/profile/content', { profileId: id, additionalInfoIndex: 5 })).statusCode).toBe(404);
  });

  it('reads the text of an uploaded .pdf or .docx and refuses other files', async () => {
    const send = (bytes: Buffer, name: string) => {
      const body = multipart(bytes, name);
      return t.app.inject({ method: 'POST', url: '/knowledge-hub/attachments', headers: { cookie: team.member.cookie, ...body.headers }, payload: body.payload });
    };
    const fromPdf = await send(pdfWith('Case study: Globex saved 30 percent'), 'case.pdf');
    expect(fromPdf.statusCode, fromPdf.body).toBe(200);
    expect(fromPdf.json().data).toEqual({ filename: 'case.pdf', text: 'Case study: Globex saved 30 percent' });
    const fromDocx = await send(await docxWith('Security whitepaper text'), 'security.docx');
    expect(fromDocx.json().data).toEqual({ filename: 'security.docx', text: 'Security whitepaper text' });
    const wrong = await send(Buffer.from('a,b\n1,2'), 'data.csv');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(KNOWLEDGE_MESSAGES.unsupportedFile);
    const big = await send(Buffer.alloc(5_242_881, 1), 'big.pdf');
    expect(big.statusCode).toBe(413);
    // A valid document of 50 MB of one letter deflates to about 50 KB: refused from the zip's directory, never unpacked.
    const refused = await send(await docxWith('a'.repeat(50 * 1024 ** 2), 'DEFLATE'), 'bomb.docx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(KNOWLEDGE_MESSAGES.noTextInFile);
  });
});
