import { z } from 'zod';
import { queryInt32, text, trimmedText } from '../primitives.js';
import { Email, InviteToken, TeamRole } from '../auth/schemas.js';

/** The spec's "simple address pattern" for invitations. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const InviteMember = z.object({
  name: trimmedText().min(1, 'Name is required').max(120),
  email: trimmedText()
    .toLowerCase()
    .min(1, 'Email is required')
    .regex(SIMPLE_EMAIL_PATTERN, 'Please enter a valid email address'),
  role: text()
    .transform((v) => v.toUpperCase())
    .pipe(TeamRole)
    .default('MEMBER'),
});
export type InviteMember = z.input<typeof InviteMember>;

export const InviteBody = z.object({ members: z.array(InviteMember).min(1, 'Add at least one member').max(50) });
export type InviteBody = z.input<typeof InviteBody>;

export const MemberStatus = z.enum(['ACTIVE', 'INVITED', 'REJECTED']);

export const TeamMemberDto = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  role: TeamRole,
  status: MemberStatus,
  isOwner: z.boolean(),
  creditsCap: z.number().nullable(),
  creditsUsed: z.number(),
});
export type TeamMemberDto = z.infer<typeof TeamMemberDto>;

/** An invited member; `inviteUrl` is there when the server cannot email it, for the inviter to pass on. */
export const InvitedMemberDto = TeamMemberDto.extend({ inviteUrl: z.string().optional() });
export type InvitedMemberDto = z.infer<typeof InvitedMemberDto>;
export const InviteResponse = z.object({ data: z.array(InvitedMemberDto) });

export const InvitationDto = z.object({
  _id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  invitedByName: z.string().nullable(),
  role: TeamRole,
  createdAt: z.string(),
});
export type InvitationDto = z.infer<typeof InvitationDto>;
export const InvitationsResponse = z.object({ data: z.array(InvitationDto) });

export const InvitationActionBody = z.object({
  invitationId: z.uuid('Invitation not found'),
  action: z.enum(['accept', 'reject']),
  /** The secret of the invitation's link: only whoever received the link may answer it. */
  token: InviteToken,
});

export const InvitationTokenParams = z.object({ token: InviteToken });

/** What an invitation link shows before anyone signs in. */
export const InvitationPreviewDto = z.object({
  invitationId: z.string(),
  teamName: z.string(),
  invitedByName: z.string().nullable(),
  role: TeamRole,
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreviewDto = z.infer<typeof InvitationPreviewDto>;
export const InvitationPreviewResponse = z.object({ data: InvitationPreviewDto });
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponse>;
export type InvitationActionBody = z.infer<typeof InvitationActionBody>;
export const InvitationActionResponse = z.object({ data: z.object({ status: MemberStatus, teamId: z.string() }) });

export const MembersQuery = z.object({
  page: queryInt32().min(1).default(1),
  pageSize: queryInt32().min(1).max(100).default(10),
  search: trimmedText().max(200).optional(),
});
export type MembersQuery = z.input<typeof MembersQuery>;

export const Pagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
});

export const MembersResponse = z.object({ data: z.array(TeamMemberDto), pagination: Pagination });
export type MembersResponse = z.infer<typeof MembersResponse>;

export { Email };

/** Member roles come lowercase from the role toggle and uppercase from the table. */
const RoleInput = text()
  .transform((v) => v.toUpperCase())
  .pipe(TeamRole);

/** `PATCH /members/update`: the role toggle and the monthly credits cap (clamped by the server). */
export const UpdateMemberBody = z
  .object({
    memberId: z.uuid('Member not found'),
    role: RoleInput.optional(),
    creditsCap: z.number().int().max(2 ** 31 - 1).optional(),
  })
  .refine((b) => b.role !== undefined || b.creditsCap !== undefined, { message: 'Nothing to update', path: ['role'] });
export type UpdateMemberBody = z.input<typeof UpdateMemberBody>;
export type UpdateMemberInput = z.output<typeof UpdateMemberBody>;

export const RemoveMemberBody = z.object({ memberId: z.uuid('Member not found') });
export type RemoveMemberBody = z.input<typeof RemoveMemberBody>;

export const MemberResponse = z.object({ data: TeamMemberDto });

/** The Team tab's messages (spec/settings.md §5 and §8), verbatim. */
export const TEAM_MESSAGES = {
  capBelowUsed: (n: number) => `You cannot assign less than ${n} credits.`,
  memberDeleted: 'Member deleted successfully!',
  memberDeleteFailed: 'There was an error deleting the member. Please try again later!',
  roleUpdated: 'Role updated successfully!',
  roleUpdateFailed: 'There was an error trying to update the role. Please try again later!',
  ownRow: 'You cannot change or remove yourself.',
  ownerProtected: 'Only the team owner can change or remove the owner.',
  notActive: 'Only active members can be given credits or a new role.',
} as const;
