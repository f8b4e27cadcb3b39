import crypto from 'node:crypto';
import {
  AppError,
  emailDomain,
  MESSAGES,
  type InvitationActionBody,
  type InvitationDto,
  type InvitationPreviewDto,
  type InvitedMemberDto,
  type InviteMember,
  type TeamMemberDto,
  type UpdateMemberInput,
  TEAM_MESSAGES,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { linkBase, mailerFor } from '../../lib/mail/index.js';
import { getCreditsInfo, membersCreditsUsed } from '../credits/index.js';
import { invitationMail } from './team-management.mails.js';
import * as repo from './team-management.repository.js';

/** An invitation link works for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only the SHA-256 of a link's secret is stored: a database dump cannot answer invitations. */
export const hashInvitationToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const invitationLinkInvalid = () => new AppError('NOT_FOUND', MESSAGES.inviteLinkInvalid);

export const invitationUrl = (base: string, token: string) => `${base}/invite/${token}`;

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

/**
 * Invites colleagues of the inviter's email domain; all or none are invited. Each invitation
 * gets a secret link, mailed when the server can send mail; otherwise (or when sending fails)
 * the answer carries the link for the inviter to pass on.
 */
export async function inviteMembers(ctx: AppContext, actor: Actor, members: ParsedInvite[], requestOrigin: string): Promise<InvitedMemberDto[]> {
  const domain = emailDomain(actor.email);
  const seen = new Set<string>();
  members.forEach((m, i) => {
    if (emailDomain(m.email) !== domain) {
      throw new AppError('INVITE_DOMAIN_MISMATCH', MESSAGES.inviteSameDomain, { field: `members.${i}.email` });
    }
    if (seen.has(m.email)) throw new AppError('INVITE_DUPLICATE', MESSAGES.inviteDuplicate, { field: `members.${i}.email` });
    seen.add(m.email);
  });

  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const tokens = members.map(() => crypto.randomBytes(32).toString('base64url'));
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findTeamRowsByEmails(trx, actor.teamId, [...seen]);
    const taken = existing.find((row) => row.status === 'ACTIVE' || (row.status === 'INVITED' && row.invite_expires_at && row.invite_expires_at > new Date()));
    if (taken) {
      const index = members.findIndex((m) => m.email === taken.email.toLowerCase());
      throw new AppError('INVITE_DUPLICATE', MESSAGES.inviteDuplicate, { field: `members.${index}.email` });
    }
    const created: string[] = [];
    for (const [i, m] of members.entries()) {
      const id = await repo.upsertInvitation(trx, { teamId: actor.teamId, ...m, invitedBy: actor.userId, tokenHash: hashInvitationToken(tokens[i]!), expiresAt });
      // A concurrent invitation of the same address wins the race; this one is a duplicate.
      if (!id) throw new AppError('INVITE_DUPLICATE', MESSAGES.inviteDuplicate, { field: `members.${i}.email` });
      created.push(id);
    }
    return created;
  });
  const rows = await repo.findMembersByIds(ctx.db, ids);
  const team = await repo.findTeamName(ctx.db, actor.teamId);
  const mailer = mailerFor(ctx.config);
  const base = linkBase(ctx.config, requestOrigin, { mailed: mailer !== null });
  return Promise.all(
    ids.map(async (id, i) => {
      const row = rows.find((r) => r.id === id)!;
      const url = invitationUrl(base, tokens[i]!);
      if (mailer) {
        const mail = invitationMail({ to: row.email, teamName: team, inviterName: actor.name, role: row.role, url, expiresAt });
        const sent = await mailer.send(mail).then(
          () => true,
          () => false,
        );
        if (sent) return presentMember(row);
      }
      return { ...presentMember(row), inviteUrl: url };
    }),
  );
}

/**
 * Open invitations addressed to the caller's email. When the server verifies addresses, an
 * account that has not confirmed its address sees none: it may not be the address's owner.
 */
export async function listMyInvitations(ctx: AppContext, actor: Actor): Promise<InvitationDto[]> {
  if (mailerFor(ctx.config) && !(await repo.isEmailVerified(ctx.db, actor.userId))) return [];
  const rows = await repo.findOpenInvitationsFor(ctx.db, actor.email);
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

/** What an invitation link shows to anyone holding it: the team, the role and the address it is for. */
export async function previewInvitation(db: Kysely<DB>, token: string): Promise<InvitationPreviewDto> {
  const invitation = await repo.findInvitationByTokenHash(db, hashInvitationToken(token), { lock: false });
  if (!invitation || !invitation.invite_expires_at || invitation.invite_expires_at <= new Date()) throw invitationLinkInvalid();
  return {
    invitationId: invitation.id,
    teamName: invitation.team_name,
    invitedByName: invitation.invited_by_name,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.invite_expires_at.toISOString(),
  };
}

/**
 * The open invitation behind a link, locked for the caller's transaction, if it is addressed to
 * `email`: 404 for an unknown, used or expired link, 403 for a link sent to another address.
 */
export async function claimInvitation(trx: Kysely<DB>, input: { token: string; email: string; invitationId?: string }) {
  const invitation = await repo.findInvitationByTokenHash(trx, hashInvitationToken(input.token), { lock: true });
  if (!invitation || !invitation.invite_expires_at || invitation.invite_expires_at <= new Date()) throw invitationLinkInvalid();
  if (input.invitationId !== undefined && invitation.id !== input.invitationId) throw invitationLinkInvalid();
  if (invitation.email.toLowerCase() !== input.email.toLowerCase()) throw new AppError('FORBIDDEN', MESSAGES.inviteOtherAddress);
  return { id: invitation.id, teamId: invitation.team_id, role: invitation.role };
}

/** Makes a claimed invitation the user's membership; its link stops working. */
export async function activateInvitation(trx: Kysely<DB>, invitationId: string, userId: string) {
  await repo.setMemberStatus(trx, invitationId, 'ACTIVE', userId);
}

/**
 * Answers an invitation with the secret of its link. Accepting moves the user into the inviting
 * team. A personal team left with no members is deleted; an owner whose team still has members
 * must hand it over first.
 */
export async function respondToInvitation(ctx: AppContext, actor: Actor, input: InvitationActionBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const invitation = await claimInvitation(trx, { token: input.token, email: actor.email, invitationId: input.invitationId });
    if (invitation.teamId === actor.teamId) throw invitationLinkInvalid();
    if (input.action === 'reject') {
      await repo.setMemberStatus(trx, invitation.id, 'REJECTED', null);
      return { status: 'REJECTED' as const, teamId: actor.teamId };
    }
    const others = await repo.countOtherActiveMembers(trx, actor.teamId, actor.userId);
    if (actor.permission === 'TEAM_OWNER' && others > 0) {
      throw new AppError('CONFLICT', 'You own a team that still has members. Remove them before joining another team.');
    }
    // A mailed link proves the address; a link the inviter passed on proves nothing about it.
    await repo.moveUserToTeam(trx, actor.userId, actor.teamId, invitation.teamId, { addressProven: mailerFor(ctx.config) !== null });
    await repo.setMemberStatus(trx, invitation.id, 'ACTIVE', actor.userId);
    if (others === 0) await repo.deleteTeam(trx, actor.teamId);
    return { status: 'ACTIVE' as const, teamId: invitation.teamId };
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

/** Who may act on a row: never oneself; the owner's role and membership only the owner could touch. */
function assertMayActOn(actor: Actor, row: repo.MemberRow, change: { roleOrRemoval: boolean }) {
  if (row.user_id === actor.userId) throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownRow);
  if (row.is_owner && change.roleOrRemoval) throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownerProtected);
}

/**
 * The role toggle and the monthly credits cap of one member (owner and admins). The cap is
 * clamped to 1..the team's total credits; a cap under what the member used this month is refused.
 */
export async function updateMember(db: Kysely<DB>, actor: Actor, input: UpdateMemberInput) {
  const id = await db.transaction().execute(async (trx) => {
    const row = await repo.findTeamMemberForUpdate(trx, actor.teamId, input.memberId);
    if (!row) throw new AppError('NOT_FOUND', 'Member not found');
    assertMayActOn(actor, row, { roleOrRemoval: input.role !== undefined });
    if (row.status !== 'ACTIVE') throw new AppError('CONFLICT', TEAM_MESSAGES.notActive);
    let creditsCap: number | undefined;
    if (input.creditsCap !== undefined) {
      const { total } = await getCreditsInfo(trx, actor.teamId);
      creditsCap = Math.min(Math.max(input.creditsCap, 1), Math.max(total, 1));
      const used = row.user_id ? ((await membersCreditsUsed(trx, actor.teamId, [row.user_id])).get(row.user_id) ?? 0) : 0;
      if (creditsCap < used) throw new AppError('VALIDATION_FAILED', TEAM_MESSAGES.capBelowUsed(used), { field: 'creditsCap' });
    }
    await repo.updateMemberRow(trx, row.id, { ...(input.role !== undefined ? { role: input.role } : {}), ...(creditsCap !== undefined ? { creditsCap } : {}) });
    return row.id;
  });
  const [row] = await repo.findMembersByIds(db, [id]);
  const used = row!.user_id ? ((await membersCreditsUsed(db, actor.teamId, [row!.user_id])).get(row!.user_id) ?? 0) : 0;
  return { ...presentMember(row!), creditsUsed: used };
}

/** Removes a member or withdraws an invitation (owner and admins); what they made stays the team's. */
export async function removeMember(db: Kysely<DB>, actor: Actor, memberId: string) {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findTeamMemberForUpdate(trx, actor.teamId, memberId);
    if (!row) throw new AppError('NOT_FOUND', 'Member not found');
    assertMayActOn(actor, row, { roleOrRemoval: true });
    await repo.deleteMemberRow(trx, row.id);
  });
}
