import crypto from 'node:crypto';
import { AppError, MESSAGES, ONBOARDING_FINISHED, ONBOARDING_START_STEP, SignupBody, type LoginBody, type MeResponse, type OnboardingStep, type Permission } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { findSecret } from '../../lib/crypto/secrets.js';
import { readSignedToken, signToken } from '../../lib/crypto/signed-token.js';
import { linkBase, mailerFor, type Mail } from '../../lib/mail/index.js';
import { startTeamCredits } from '../credits/index.js';
import { activateInvitation, claimInvitation } from '../team-management/index.js';
import { signupAttemptMail, verificationMail } from './auth.mails.js';
import * as repo from './auth.repository.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';

export const SESSION_COOKIE = 'leadline_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const TRIAL_DAYS = 7;
export const STARTING_PLAN = 'hobby';
/** An address check link works for a day. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Failed log-ins per account before it is locked for the rest of the window, whoever sends them. */
export const ACCOUNT_LOGIN_FAILURES = 10;
export const ACCOUNT_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** A 429 that says when to come back (the error handler sends it as Retry-After). */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

type SignupInput = z.output<typeof SignupBody>;

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

const emailTaken = () => new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { field: 'email' });
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Signed in at once, or (when addresses are verified) told to check the inbox; the same either way for any address. */
export type SignUpResult = { kind: 'session'; session: NewSession } | { kind: 'check-email'; email: string };

/**
 * Creates an account. With an invitation link, the account joins that team; otherwise it owns a
 * new team on a trial of the starting plan. When the server sends mail, the address is verified
 * before the trial credits are granted, and an address that already has an account gets a mail
 * instead of a different answer.
 */
export async function signUp(ctx: AppContext, input: SignupInput, meta: { userAgent: string | null; origin: string }): Promise<SignUpResult> {
  if (ctx.config.signupMode === 'closed') throw new AppError('FORBIDDEN', MESSAGES.signupClosed);
  if (input.inviteToken) return signUpByInvitation(ctx, input, input.inviteToken, meta.userAgent);
  if (ctx.config.signupMode === 'invite') throw new AppError('FORBIDDEN', MESSAGES.signupInviteOnly);

  // Hash before looking the address up: an existing address must cost as much as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await repo.findUserByEmail(ctx.db, input.email);
  const mailer = mailerFor(ctx.config);
  if (!mailer) {
    // Without verification a new account is signed in at once, so "taken" cannot be hidden anyway.
    if (existing) throw emailTaken();
    const userId = await createOwnerAccount(ctx.db, input, passwordHash, { trialCreditsPending: false, onboardingStep: ONBOARDING_START_STEP });
    return { kind: 'session', session: await openSession(ctx.db, userId, meta.userAgent) };
  }

  const base = linkBase(ctx.config, meta.origin, { mailed: true });
  let mail: Mail = signupAttemptMail({ to: input.email, loginUrl: `${base}/login` });
  if (!existing?.email_verified_at) {
    // An address never confirmed gets a fresh link: a lost first mail is not a dead end.
    const userId = existing?.id ?? (await createOwnerAccount(ctx.db, input, passwordHash, { trialCreditsPending: true, onboardingStep: ONBOARDING_START_STEP }).catch(sameAnswerOnRace));
    if (userId) mail = verificationMail({ to: input.email, url: `${base}/verify-email/${await verificationToken(ctx.db, userId, input.email)}` });
  }
  await mailer.send(mail).catch((error: unknown) => {
    throw new AppError('PROVIDER_UNAVAILABLE', MESSAGES.mailFailed, { cause: error });
  });
  return { kind: 'check-email', email: input.email };
}

/** A concurrent sign-up of the same address took it: answer as for an existing address. */
function sameAnswerOnRace(error: unknown): null {
  if (isUniqueViolation(error)) return null;
  throw error;
}

/**
 * An account with its own team and trial credits, made by the server itself (the demo
 * workspace): its company is set up already, so it skips onboarding.
 */
export async function createAccount(db: Kysely<DB>, input: { name: string; email: string; password: string; companyName: string }) {
  return createOwnerAccount(db, input, await hashPassword(input.password), { trialCreditsPending: false, onboardingStep: ONBOARDING_FINISHED });
}

/** A signed-up owner starts onboarding at its company step (spec/engage.md §2). */
async function createOwnerAccount(
  db: Kysely<DB>,
  input: Pick<SignupInput, 'name' | 'email' | 'companyName'>,
  passwordHash: string,
  options: { trialCreditsPending: boolean; onboardingStep: OnboardingStep },
) {
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction().execute(async (trx) => {
    try {
      const created = await repo.insertUserWithTeam(trx, { ...input, passwordHash, trialEndsAt, plan: STARTING_PLAN, ...options });
      if (!options.trialCreditsPending) await startTeamCredits(trx, { teamId: created.teamId, plan: STARTING_PLAN, startsAt: new Date(), endsAt: trialEndsAt });
      return created.userId;
    } catch (error) {
      if (isUniqueViolation(error) && !options.trialCreditsPending) throw emailTaken();
      throw error;
    }
  });
}

/** Sign-up from an invitation link: the new account is the invited member, with the invited role. */
async function signUpByInvitation(ctx: AppContext, input: SignupInput, token: string, userAgent: string | null): Promise<SignUpResult> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const invitation = await claimInvitation(trx, { token, email: input.email });
    if (await repo.findUserByEmail(trx, input.email)) throw emailTaken();
    // A mailed link proves the address; a link the inviter passed on does not.
    const emailVerifiedAt = mailerFor(ctx.config) ? new Date() : null;
    const id = await repo.insertUserInTeam(trx, { name: input.name, email: input.email, passwordHash, teamId: invitation.teamId, emailVerifiedAt }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
    await activateInvitation(trx, invitation.id, id);
    return id;
  });
  return { kind: 'session', session: await openSession(ctx.db, userId, userAgent) };
}

type VerificationPayload = { u: string; m: string; e: number };

async function verificationToken(db: Kysely<DB>, userId: string, email: string) {
  return signToken({ u: userId, m: email, e: Date.now() + VERIFICATION_TTL_MS } satisfies VerificationPayload, await findSecret(db, 'email_verification'));
}

/** Confirms an address from its mailed link; the first confirmation grants the trial credits. */
export async function verifyEmail(db: Kysely<DB>, token: string): Promise<{ email: string; creditsGranted: number }> {
  const payload = readSignedToken<VerificationPayload>(token, await findSecret(db, 'email_verification'));
  const invalid = () => new AppError('VALIDATION_FAILED', MESSAGES.verifyLinkInvalid, { field: 'token' });
  if (!payload || typeof payload.e !== 'number' || payload.e < Date.now()) throw invalid();
  return db.transaction().execute(async (trx) => {
    const user = await repo.lockUserForVerification(trx, payload.u);
    if (!user || user.email.toLowerCase() !== payload.m) throw invalid();
    if (user.email_verified_at) return { email: user.email, creditsGranted: 0 };
    await repo.markEmailVerified(trx, user.id, new Date());
    if (!user.trial_credits_pending || user.permission !== 'TEAM_OWNER' || !user.renewal_date) return { email: user.email, creditsGranted: 0 };
    const started = await startTeamCredits(trx, { teamId: user.team_id, plan: user.plan ?? STARTING_PLAN, startsAt: new Date(), endsAt: user.renewal_date });
    return { email: user.email, creditsGranted: started.credits };
  });
}

/**
 * Log-in. Ten failures for one address within 15 minutes lock it until the window ends,
 * whichever clients sent them; unknown addresses are counted the same way.
 */
export async function logIn(db: Kysely<DB>, input: LoginBody, userAgent: string | null): Promise<NewSession> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - ACCOUNT_LOGIN_WINDOW_MS);
  const failures = await repo.findLoginFailures(db, input.email);
  if (failures && failures.failures >= ACCOUNT_LOGIN_FAILURES && failures.window_started_at > windowStart) {
    const retryAfter = Math.ceil((failures.window_started_at.getTime() + ACCOUNT_LOGIN_WINDOW_MS - now.getTime()) / 1000);
    throw new RetryLaterError(MESSAGES.accountLocked, Math.max(1, retryAfter));
  }
  const user = await repo.findUserByEmail(db, input.email);
  const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await repo.recordLoginFailure(db, input.email, now, windowStart);
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  if (failures) await repo.clearLoginFailures(db, input.email);
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
