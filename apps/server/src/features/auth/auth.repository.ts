import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * A new user owning a new team, with its trial subscription; run inside a transaction.
 * `trialCreditsPending`: the trial credits wait until the address is verified.
 */
export async function insertUserWithTeam(
  trx: Kysely<DB>,
  values: { name: string; email: string; passwordHash: string; companyName: string; trialEndsAt: Date; plan: string; onboardingStep: string; trialCreditsPending?: boolean },
) {
  const team = await trx.insertInto('teams').values({ name: values.companyName }).returning('id').executeTakeFirstOrThrow();
  const user = await trx
    .insertInto('users')
    .values({
      name: values.name,
      email: values.email,
      password_hash: values.passwordHash,
      team_id: team.id,
      permission: 'TEAM_OWNER',
      onboarding_step: values.onboardingStep,
      trial_credits_pending: values.trialCreditsPending ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: user.id, name: values.name, email: values.email, role: 'ADMIN', status: 'ACTIVE', credits_cap: null, invited_by: null })
    .execute();
  await trx
    .insertInto('subscriptions')
    .values({ team_id: team.id, plan: values.plan, status: 'trialing', renewal_date: values.trialEndsAt })
    .execute();
  return { userId: user.id, teamId: team.id };
}

/** A new user who joins an existing team through an invitation (the invitation row becomes their membership). */
export async function insertUserInTeam(trx: Kysely<DB>, values: { name: string; email: string; passwordHash: string; teamId: string; emailVerifiedAt: Date | null }) {
  const user = await trx
    .insertInto('users')
    .values({ name: values.name, email: values.email, password_hash: values.passwordHash, team_id: values.teamId, permission: null, email_verified_at: values.emailVerifiedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** The user row locked for the caller's transaction, with the end of their team's trial. */
export async function lockUserForVerification(trx: Kysely<DB>, userId: string) {
  return trx
    .selectFrom('users')
    .leftJoin('subscriptions', 'subscriptions.team_id', 'users.team_id')
    .select(['users.id', 'users.email', 'users.team_id', 'users.permission', 'users.email_verified_at', 'users.trial_credits_pending', 'subscriptions.plan', 'subscriptions.renewal_date'])
    .where('users.id', '=', userId)
    .forUpdate('users')
    .executeTakeFirst();
}

export async function markEmailVerified(trx: Kysely<DB>, userId: string, at: Date) {
  await trx.updateTable('users').set({ email_verified_at: at, trial_credits_pending: false }).where('id', '=', userId).execute();
}

export async function findLoginFailures(db: Kysely<DB>, email: string) {
  return db.selectFrom('login_failures').select(['failures', 'window_started_at']).where('email', '=', email).executeTakeFirst();
}

/** Counts one failed log-in for the address; a window older than `windowStart` starts over. */
export async function recordLoginFailure(db: Kysely<DB>, email: string, now: Date, windowStart: Date) {
  const expired = sql<boolean>`login_failures.window_started_at <= ${windowStart}`;
  await db
    .insertInto('login_failures')
    .values({ email, window_started_at: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else login_failures.failures + 1 end`,
        window_started_at: sql<Date>`case when ${expired} then ${now}::timestamptz else login_failures.window_started_at end`,
      }),
    )
    .execute();
}

export async function clearLoginFailures(db: Kysely<DB>, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export async function purgeLoginFailures(db: Kysely<DB>, windowStart: Date) {
  await db.deleteFrom('login_failures').where('window_started_at', '<=', windowStart).execute();
}

export async function insertSession(db: Kysely<DB>, values: { tokenHash: string; userId: string; expiresAt: Date; userAgent: string | null }) {
  await db
    .insertInto('sessions')
    .values({ token_hash: values.tokenHash, user_id: values.userId, expires_at: values.expiresAt, user_agent: values.userAgent })
    .execute();
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** The signed-in user behind a live session, with the role they hold in their team. */
export async function findActorBySession(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('team_members', (join) =>
      join.onRef('team_members.user_id', '=', 'users.id').onRef('team_members.team_id', '=', 'users.team_id').on('team_members.status', '=', 'ACTIVE'),
    )
    .select(['users.id as userId', 'users.team_id as teamId', 'users.email', 'users.name', 'users.permission', 'team_members.role'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Everything /api/cookies/me shows about a user; never the password hash. */
export async function findProfile(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('teams', 'teams.id', 'users.team_id')
    .innerJoin('team_members', (join) =>
      join.onRef('team_members.user_id', '=', 'users.id').onRef('team_members.team_id', '=', 'users.team_id').on('team_members.status', '=', 'ACTIVE'),
    )
    .leftJoin('subscriptions', 'subscriptions.team_id', 'teams.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.permission',
      'users.team_id as teamId',
      'users.onboarding_step',
      'users.completed_onboarding_tours',
      'teams.are_personal_emails_priority',
      'teams.database_type',
      'teams.name as companyName',
      'teams.website as domain',
      'teams.logo_url as logoUrl',
      'team_members.role',
      'subscriptions.plan',
      'subscriptions.status as subscriptionStatus',
      'subscriptions.renewal_date',
      'subscriptions.is_planned_for_cancellation',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function deleteExpiredSessions(db: Kysely<DB>, now: Date) {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}
