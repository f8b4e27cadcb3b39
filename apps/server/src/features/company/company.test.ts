import { COMPANY_MESSAGES, LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@leadline/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const putInfo = (caller: TestUser, payload: object) => t.app.inject({ method: 'PUT', url: '/userInfo', headers: { cookie: caller.cookie }, payload });

/** A multipart body with one `file` part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, fileName: string, type: string) {
  const boundary = '----leadline-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
const uploadLogo = (caller: TestUser, bytes: Buffer, fileName = 'logo.png', type = 'image/png') => {
  const body = multipart(bytes, fileName, type);
  return t.app.inject({ method: 'POST', url: '/user/logo', headers: { cookie: caller.cookie, 'content-type': body.contentType }, payload: body.payload });
};
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer();

describe('PUT /userInfo', () => {
  it("changes the team's company name and website for every member", async () => {
    const { member, owner } = await createTeam(t.ctx.db);
    const response = await putInfo(member, { companyName: ' Acme Corp ', domain: 'https://acme.example.com' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ companyName: 'Acme Corp', domain: 'https://acme.example.com' });
    const me = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: owner.cookie } });
    expect(me.json().user.companyName).toBe('Acme Corp');
  });

  it("refuses a missing name or an invalid website with the spec's messages", async () => {
    const { owner } = await createTeam(t.ctx.db);
    const empty = await putInfo(owner, { companyName: '', domain: 'acme.com' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(COMPANY_MESSAGES.nameAndWebsiteRequired);
    const invalid = await putInfo(owner, { companyName: 'Acme', domain: 'not a website' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain(COMPANY_MESSAGES.invalidWebsite);
  });

  it("sets the team's enrichment preference for every member and the caller's onboarding step", async () => {
    const owner = await createOwner(t.ctx.db, { onboardingStep: 'company' });
    const member = await createMember(t.ctx.db, owner, 'MEMBER');
    const response = await putInfo(owner, { enrichmentPreferenceId: 'personal_emails_premium', onboardingStep: 'integrations' });
    expect(response.json().user).toMatchObject({ arePersonalEmailsPriority: true, databaseType: 'premium', onboardingStep: 'integrations' });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: member.cookie } });
    expect(theirs.json().user).toMatchObject({ arePersonalEmailsPriority: true, databaseType: 'premium' });
    expect(theirs.json().user.onboardingStep).toBe('finished');
  });

  it("gives a member who joins later the team's enrichment preference", async () => {
    const { owner } = await createTeam(t.ctx.db);
    await putInfo(owner, { enrichmentPreferenceId: 'work_emails' });
    const newcomer = await createMember(t.ctx.db, owner, 'MEMBER', 'Nina Newcomer');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: newcomer.cookie } });
    expect(theirs.json().user).toMatchObject({ arePersonalEmailsPriority: false, databaseType: 'standard' });
  });
});

describe('the company logo', () => {
  it('re-encodes a PNG with a script appended, resizes it and serves it as image/png with nosniff', async () => {
    const { owner, member } = await createTeam(t.ctx.db);
    const polyglot = Buffer.concat([await png(1200, 600), Buffer.from('<script>alert(document.cookie)</script>')]);
    const response = await uploadLogo(member, polyglot, 'logo.html', 'text/html');
    expect(response.statusCode, response.body).toBe(201);
    const logoUrl = response.json().data.logoUrl as string;
    expect(logoUrl).toMatch(/^\/user\/logo\?v=[0-9a-f]{16}$/);

    const served = await t.app.inject({ method: 'GET', url: logoUrl, headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.rawPayload.equals(polyglot)).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE / 2 });
    const me = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: owner.cookie } });
    expect(me.json().user.logoUrl).toBe(logoUrl);
  });

  it('accepts a JPEG by its content and stores it as PNG', async () => {
    const { owner } = await createTeam(t.ctx.db);
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const response = await uploadLogo(owner, jpeg, 'photo.png', 'image/png');
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: '/user/logo', headers: { cookie: owner.cookie } });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it("refuses a GIF named .png, and a PNG header over garbage, with the spec's type message", async () => {
    const { owner } = await createTeam(t.ctx.db);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const bytes of [gif, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>x</script>')])]) {
      const response = await uploadLogo(owner, bytes, 'logo.png');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(COMPANY_MESSAGES.logoType);
    }
    expect(await t.ctx.db.selectFrom('team_logos').select('team_id').where('team_id', '=', owner.teamId).executeTakeFirst()).toBeUndefined();
  });

  it("refuses a file of 5 MB or more with the spec's size message", async () => {
    const { owner } = await createTeam(t.ctx.db);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(LOGO_MAX_BYTES)]);
    const response = await uploadLogo(owner, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(COMPANY_MESSAGES.logoSize);
  });

  it("serves each team only its own logo", async () => {
    const ours = await createTeam(t.ctx.db);
    const theirs = await createTeam(t.ctx.db);
    await uploadLogo(ours.owner, await png(20, 20));
    expect((await t.app.inject({ method: 'GET', url: '/user/logo', headers: { cookie: theirs.owner.cookie } })).statusCode).toBe(404);
  });
});
