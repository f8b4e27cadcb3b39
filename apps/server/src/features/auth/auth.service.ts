import crypto from 'node:crypto';
import { AppError, MESSAGES, type LoginBody, type MeResponse, type Permission, type SignupBody } from '@leadline/shared';
import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { startTeamCredits } from '../credits/index.js';
import * as repo from './auth.repository.js';

export const SESSION_COOKIE = 'leadline_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const TRIAL_DAYS = 7;
export const STARTING_PLAN = 'hobby';

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= argon2.hash(crypto.randomBytes(16).toString('hex')));

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function permissionOf(row: { permission: 'TEAM_OWNER' | null; role: 'ADMIN' | 'MEMBER' }): Permission {
  if (row.permission === 'TEAM_OWNER') return 'TEAM_OWNER';
  return row.role === 'ADMIN' ? 'TEAM_ADMIN' : 'TEAM_MEMBER';
}

export type NewSession = { token: string; expiresAt: Date; userId: string };

async function openSession(db: Kysely<DB>, userId: string, userAgent: string | null): Promise<NewSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await repo.insertSession(db, { tokenHash: hashToken(token), userId, expiresAt, userAgent });
  return { token, expiresAt, userId };
}

/** Creates a user and their team, with the user as TEAM_OWNER on a trial of the starting plan. */
export async function signUp(db: Kysely<DB>, input: SignupBody, userAgent: string | null): Promise<NewSession> {
  if (await repo.findUserByEmail(db, input.email)) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { field: 'email' });
  const passwordHash = await argon2.hash(input.password);
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const { userId } = await db.transaction().execute(async (trx) => {
    try {
      const created = await repo.insertUserWithTeam(trx, { ...input, passwordHash, trialEndsAt, plan: STARTING_PLAN });
      await startTeamCredits(trx, { teamId: created.teamId, plan: STARTING_PLAN, startsAt: new Date(), endsAt: trialEndsAt });
      return created;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { field: 'email' });
      throw error;
    }
  });
  return openSession(db, userId, userAgent);
}

export async function logIn(db: Kysely<DB>, input: LoginBody, userAgent: string | null): Promise<NewSession> {
  const user = await repo.findUserByEmail(db, input.email);
  const valid = await argon2.verify(user?.password_hash ?? (await getDecoyHash()), input.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  return openSession(db, user.id, userAgent);
}

export async function logOut(db: Kysely<DB>, actor: Actor) {
  await repo.deleteSession(db, actor.sessionHash);
}

export async function actorForToken(db: Kysely<DB>, token: string): Promise<Actor | null> {
  const sessionHash = hashToken(token);
  const row = await repo.findActorBySession(db, sessionHash, new Date());
  if (!row) return null;
  return { userId: row.userId, teamId: row.teamId, email: row.email, name: row.name, role: row.role, permission: permissionOf(row), sessionHash };
}

export async function getMe(db: Kysely<DB>, userId: string): Promise<MeResponse> {
  const p = await repo.findProfile(db, userId);
  if (!p) throw new AppError('UNAUTHENTICATED', MESSAGES.signInRequired);
  return {
    user: {
      id: p.id,
      name: p.name,
      email: p.email,
      permission: permissionOf(p),
      role: p.role,
      teamId: p.teamId,
      companyName: p.companyName,
      domain: p.domain,
      logoUrl: p.logoUrl,
      onboardingStep: p.onboarding_step,
      completedOnboardingTours: p.completed_onboarding_tours,
      arePersonalEmailsPriority: p.are_personal_emails_priority,
      databaseType: p.database_type,
      coldMailResellerUserId: null,
    },
    subscriptionInfo:
      p.plan && p.subscriptionStatus && p.renewal_date
        ? {
            plan: p.plan,
            status: p.subscriptionStatus,
            renewal_date: p.renewal_date.toISOString(),
            isPlannedForCancellation: p.is_planned_for_cancellation ?? false,
          }
        : null,
  };
}
