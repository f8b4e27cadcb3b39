import { AppError, emailDomain, MESSAGES, notFound, type InvitationActionBody, type InvitationDto, type InviteMember, type TeamMemberDto } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { membersCreditsUsed } from '../credits/index.js';
import * as repo from './team-management.repository.js';

type ParsedInvite = z.output<typeof InviteMember>;

export function presentMember(row: repo.MemberRow): TeamMemberDto {
  return {
    _id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    isOwner: row.is_owner,
    creditsCap: row.credits_cap,
    // listMembers fills in this month's use from the credits ledger.
    creditsUsed: 0,
  };
}

/** Invites colleagues of the inviter's email domain; all or none are invited. */
export async function inviteMembers(db: Kysely<DB>, actor: Actor, members: ParsedInvite[]): Promise<TeamMemberDto[]> {
  const domain = emailDomain(actor.email);
  const seen = new Set<string>();
  members.forEach((m, i) => {
    if (emailDomain(m.email) !== domain) {
      throw new AppError('INVITE_DOMAIN_MISMATCH', MESSAGES.inviteSameDomain, { field: `members.${i}.email` });
    }
    if (seen.has(m.email)) throw new AppError('INVITE_DUPLICATE', MESSAGES.inviteDuplicate, { field: `members.${i}.email` });
    seen.add(m.email);
  });

  const ids = await db.transaction().execute(async (trx) => {
    const existing = await repo.findTeamRowsByEmails(trx, actor.teamId, [...seen]);
    const taken = existing.find((row) => row.status !== 'REJECTED');
    if (taken) {
      const index = members.findIndex((m) => m.email === taken.email.toLowerCase());
      throw new AppError('INVITE_DUPLICATE', MESSAGES.inviteDuplicate, { field: `members.${index}.email` });
    }
    const created: string[] = [];
    for (const [i, m] of members.entries()) {
      const id = await repo.upsertInvitation(trx, { teamId: actor.teamId, ...m, invitedBy: actor.userId });
      // A concurrent invitation of the same address wins the race; this one is a duplicate.
      if (!id) throw new AppError('INVITE_DUPLICATE', MESSAGES.inviteDuplicate, { field: `members.${i}.email` });
      created.push(id);
    }
    return created;
  });
  const rows = await repo.findMembersByIds(db, ids);
  return ids.map((id) => presentMember(rows.find((r) => r.id === id)!));
}

export async function listMyInvitations(db: Kysely<DB>, actor: Actor): Promise<InvitationDto[]> {
  const rows = await repo.findOpenInvitationsFor(db, actor.email);
  return rows
    .filter((r) => r.team_id !== actor.teamId)
    .map((r) => ({
      _id: r.id,
      teamId: r.team_id,
      teamName: r.team_name,
      invitedByName: r.invited_by_name,
      role: r.role,
      createdAt: r.created_at.toISOString(),
    }));
}

/**
 * Accepting moves the user into the inviting team. A personal team left with no members is
 * deleted; an owner whose team still has members must hand it over first.
 */
export async function respondToInvitation(db: Kysely<DB>, actor: Actor, input: InvitationActionBody) {
  return db.transaction().execute(async (trx) => {
    const invitation = await repo.findOpenInvitation(trx, input.invitationId, actor.email);
    if (!invitation || invitation.team_id === actor.teamId) throw notFound('Invitation');
    if (input.action === 'reject') {
      await repo.setMemberStatus(trx, invitation.id, 'REJECTED', null);
      return { status: 'REJECTED' as const, teamId: actor.teamId };
    }
    const others = await repo.countOtherActiveMembers(trx, actor.teamId, actor.userId);
    if (actor.permission === 'TEAM_OWNER' && others > 0) {
      throw new AppError('CONFLICT', 'You own a team that still has members. Remove them before joining another team.');
    }
    await repo.moveUserToTeam(trx, actor.userId, actor.teamId, invitation.team_id);
    await repo.setMemberStatus(trx, invitation.id, 'ACTIVE', actor.userId);
    if (others === 0) await repo.deleteTeam(trx, actor.teamId);
    return { status: 'ACTIVE' as const, teamId: invitation.team_id };
  });
}

export async function listMembers(db: Kysely<DB>, actor: Actor, query: { page: number; pageSize: number; search?: string | undefined }) {
  const { total, rows } = await repo.pageMembers(db, actor.teamId, query);
  const used = await membersCreditsUsed(db, actor.teamId, rows.flatMap((r) => (r.user_id ? [r.user_id] : [])));
  return {
    data: rows.map((r) => ({ ...presentMember(r), creditsUsed: (r.user_id && used.get(r.user_id)) || 0 })),
    pagination: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / query.pageSize)), totalRecords: total },
  };
}
