import { sql, type Kysely } from 'kysely';
import type { DB, TeamRole } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql.js';

const memberColumns = [
  'team_members.id',
  'team_members.user_id',
  'team_members.name',
  'team_members.email',
  'team_members.role',
  'team_members.status',
  'team_members.credits_cap',
  'team_members.created_at',
] as const;

const withIsOwner = (db: Kysely<DB>) =>
  db
    .selectFrom('team_members')
    .leftJoin('users', (join) => join.onRef('users.id', '=', 'team_members.user_id').onRef('users.team_id', '=', 'team_members.team_id'))
    .select([...memberColumns, sql<boolean>`coalesce(users.permission = 'TEAM_OWNER', false)`.as('is_owner')]);

export type MemberRow = Awaited<ReturnType<typeof findMembersByIds>>[number];

export async function findMembersByIds(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  return withIsOwner(db).where('team_members.id', 'in', ids).orderBy('team_members.created_at').execute();
}

export async function findTeamRowsByEmails(db: Kysely<DB>, teamId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('email', 'in', emails).execute();
}

export async function upsertInvitation(
  trx: Kysely<DB>,
  values: { teamId: string; name: string; email: string; role: TeamRole; invitedBy: string; tokenHash: string; expiresAt: Date },
) {
  const link = { invite_token_hash: values.tokenHash, invite_expires_at: values.expiresAt };
  const row = await trx
    .insertInto('team_members')
    .values({ team_id: values.teamId, name: values.name, email: values.email, role: values.role, status: 'INVITED', invited_by: values.invitedBy, credits_cap: null, user_id: null, ...link })
    .onConflict((oc) =>
      // A rejected invitation, or one whose link has expired (or never had one), may be renewed;
      // active members and open invitations are duplicates.
      oc
        .columns(['team_id', 'email'])
        .doUpdateSet({ name: values.name, role: values.role, status: 'INVITED', invited_by: values.invitedBy, updated_at: new Date(), ...link })
        .where((eb) =>
          eb.or([
            eb('team_members.status', '=', 'REJECTED'),
            eb.and([
              eb('team_members.status', '=', 'INVITED'),
              eb.or([eb('team_members.invite_expires_at', 'is', null), eb('team_members.invite_expires_at', '<=', new Date())]),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function isEmailVerified(db: Kysely<DB>, userId: string) {
  const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.email_verified_at);
}

export async function findOpenInvitationsFor(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .leftJoin('users as inviter', 'inviter.id', 'team_members.invited_by')
    .select(['team_members.id', 'team_members.team_id', 'team_members.role', 'team_members.created_at', 'teams.name as team_name', 'inviter.name as invited_by_name'])
    .where('team_members.email', '=', email)
    .where('team_members.status', '=', 'INVITED')
    .orderBy('team_members.created_at', 'desc')
    .execute();
}

/** The open invitation whose link carries this secret, locked; expired links count as open here. */
export async function findInvitationByTokenHash(db: Kysely<DB>, tokenHash: string, options: { lock: boolean }) {
  let query = db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .leftJoin('users as inviter', 'inviter.id', 'team_members.invited_by')
    .select([
      'team_members.id',
      'team_members.team_id',
      'team_members.email',
      'team_members.name',
      'team_members.role',
      'team_members.invite_expires_at',
      'teams.name as team_name',
      'inviter.name as invited_by_name',
    ])
    .where('team_members.invite_token_hash', '=', tokenHash)
    .where('team_members.status', '=', 'INVITED');
  if (options.lock) query = query.forUpdate('team_members');
  return query.executeTakeFirst();
}

/** Answers an invitation; its link stops working (single use). */
export async function setMemberStatus(db: Kysely<DB>, id: string, status: 'ACTIVE' | 'REJECTED', userId: string | null) {
  await db
    .updateTable('team_members')
    .set({ status, user_id: userId, invite_token_hash: null, invite_expires_at: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function countOtherActiveMembers(db: Kysely<DB>, teamId: string, userId: string) {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .where('status', '=', 'ACTIVE')
    .where('user_id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a user into another team: their old membership ends and they are no longer an owner. */
export async function moveUserToTeam(trx: Kysely<DB>, userId: string, fromTeamId: string, toTeamId: string, options: { addressProven: boolean }) {
  await trx.deleteFrom('team_members').where('team_id', '=', fromTeamId).where('user_id', '=', userId).execute();
  await trx
    .updateTable('users')
    .set({
      team_id: toTeamId,
      permission: null,
      // A member who joins by invitation never goes through onboarding: the team is set up.
      onboarding_step: 'finished',
      // Trial credits belong to a team of one's own, which the user is leaving.
      trial_credits_pending: false,
      ...(options.addressProven ? { email_verified_at: sql<Date>`coalesce(email_verified_at, now())` } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export async function findTeamName(db: Kysely<DB>, teamId: string) {
  const row = await db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow();
  return row.name;
}

export async function deleteTeam(trx: Kysely<DB>, teamId: string) {
  await trx.deleteFrom('teams').where('id', '=', teamId).execute();
}

export async function pageMembers(db: Kysely<DB>, teamId: string, options: { page: number; pageSize: number; search?: string | undefined }) {
  let base = db.selectFrom('team_members').where('team_members.team_id', '=', teamId);
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    base = base.where((eb) => eb.or([eb('team_members.name', 'ilike', pattern), eb('team_members.email', 'ilike', pattern)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const ids = await base
    .select('team_members.id')
    .orderBy('team_members.created_at')
    .orderBy('team_members.id')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return { total: Number(total.n), rows: await findMembersByIds(db, ids.map((r) => r.id)) };
}

/** One row of the team, locked for the caller's transaction; another team's id finds nothing. */
export async function findTeamMemberForUpdate(trx: Kysely<DB>, teamId: string, memberId: string) {
  await trx.selectFrom('team_members').select('id').where('id', '=', memberId).where('team_id', '=', teamId).forUpdate().executeTakeFirst();
  const [row] = await withIsOwner(trx).where('team_members.id', '=', memberId).where('team_members.team_id', '=', teamId).execute();
  return row;
}

export async function updateMemberRow(trx: Kysely<DB>, memberId: string, values: { role?: TeamRole; creditsCap?: number }) {
  await trx
    .updateTable('team_members')
    .set({
      ...(values.role !== undefined ? { role: values.role } : {}),
      ...(values.creditsCap !== undefined ? { credits_cap: values.creditsCap } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', memberId)
    .execute();
}

/**
 * Ends a membership. Only the membership row goes: the user row stays, so the lists, contacts
 * and ledger entries they made keep their author's name, while their sessions and API keys
 * (both checked against an ACTIVE membership on every call) stop working at once.
 */
export async function deleteMemberRow(trx: Kysely<DB>, memberId: string) {
  await trx.deleteFrom('team_members').where('id', '=', memberId).execute();
}
