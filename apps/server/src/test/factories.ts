import crypto from 'node:crypto';
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, TeamRole } from '../db/schema.js';
import { insertSession, insertUserWithTeam } from '../features/auth/auth.repository.js';
import { hashToken, SESSION_COOKIE } from '../features/auth/auth.service.js';
import { startTeamCredits } from '../features/credits/credits.service.js';
import { loadPeople } from '../features/people-data/loader.js';
import { mapPerson, PdlPerson, type PdlPerson as PdlPersonInput } from '../features/people-data/pdl.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= argon2.hash(TEST_PASSWORD));

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export type TestUser = { userId: string; teamId: string; email: string; name: string; cookie: string };

/** A new session for the user, as a cookie header value for `app.inject`. */
export async function sessionCookie(db: Kysely<DB>, userId: string): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  await insertSession(db, { tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3600_000), userAgent: 'test' });
  return `${SESSION_COOKIE}=${token}`;
}

async function withSession(db: Kysely<DB>, user: Omit<TestUser, 'cookie'>): Promise<TestUser> {
  return { ...user, cookie: await sessionCookie(db, user.userId) };
}

/** A new team with its owner (TEAM_OWNER), past onboarding unless `onboardingStep` says where they are. */
export async function createOwner(db: Kysely<DB>, options: { domain?: string; companyName?: string; onboardingStep?: string } = {}): Promise<TestUser> {
  const domain = options.domain ?? `${unique()}.example.test`;
  const email = `owner-${unique()}@${domain}`;
  const name = 'Olivia Owner';
  const trialEndsAt = new Date(Date.now() + 7 * 86400_000);
  const ids = await db.transaction().execute(async (trx) => {
    const created = await insertUserWithTeam(trx, {
      name,
      email,
      passwordHash: await testPasswordHash(),
      companyName: options.companyName ?? `Company ${domain}`,
      trialEndsAt,
      plan: 'hobby',
      onboardingStep: options.onboardingStep ?? 'finished',
    });
    // As sign-up does: the team starts with the Hobby plan's credits.
    await startTeamCredits(trx, { teamId: created.teamId, plan: 'hobby', startsAt: new Date(), endsAt: trialEndsAt });
    return created;
  });
  return withSession(db, { ...ids, email, name });
}

/** An active member of the owner's team with the given role. */
export async function createMember(db: Kysely<DB>, owner: TestUser, role: TeamRole, name = `${role === 'ADMIN' ? 'Adam Admin' : 'Mia Member'}`): Promise<TestUser> {
  const domain = owner.email.split('@')[1]!;
  const email = `${role.toLowerCase()}-${unique()}@${domain}`;
  const user = await db
    .insertInto('users')
    .values({ name, email, password_hash: await testPasswordHash(), team_id: owner.teamId, permission: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values({ team_id: owner.teamId, user_id: user.id, name, email, role, status: 'ACTIVE', credits_cap: null, invited_by: owner.userId })
    .execute();
  return withSession(db, { userId: user.id, teamId: owner.teamId, email, name });
}

/** A team with an owner, an admin and a member. */
export async function createTeam(db: Kysely<DB>, options: { domain?: string } = {}) {
  const owner = await createOwner(db, options);
  const admin = await createMember(db, owner, 'ADMIN');
  const member = await createMember(db, owner, 'MEMBER');
  return { owner, admin, member };
}

/** People in the shared prospect database, from PDL-format records; answers their ids by `pdl_id`. */
export async function createPeople(db: Kysely<DB>, people: PdlPersonInput[]): Promise<Record<string, string>> {
  await loadPeople(db, people.map((p) => mapPerson(PdlPerson.parse(p))));
  const rows = await db.selectFrom('people').select(['id', 'pdl_id']).where('pdl_id', 'in', people.map((p) => p.id!)).execute();
  return Object.fromEntries(rows.map((r) => [r.pdl_id!, r.id]));
}

/** Uploads a file through `POST /api/v1/files` as the user; answers the upload's id. */
export async function uploadFile(app: FastifyInstance, user: TestUser, fileName: string, content: string | Buffer): Promise<string> {
  const boundary = `----leadline${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  if (response.statusCode >= 300) throw new Error(`upload of ${fileName} failed: ${response.statusCode} ${response.body}`);
  return response.json().data._id;
}
