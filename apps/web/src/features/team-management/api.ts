import {
  MESSAGES,
  type InvitationActionBody,
  type InvitationDto,
  type InvitationPreviewResponse,
  type InvitedMemberDto,
  type InviteMember,
  type MembersResponse,
  type TeamMemberDto,
  type UpdateMemberBody,
} from '@leadline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/api/v1/team-management';

export const teamKeys = {
  members: ['team-members'] as const,
  membersPage: (page: number, pageSize: number, search: string) => ['team-members', { page, pageSize, search }] as const,
  invitations: ['invitations'] as const,
  invitationLink: (token: string) => ['invitation-link', token] as const,
};

export function useTeamMembers(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: teamKeys.membersPage(page, pageSize, search),
    queryFn: () => api.get<MembersResponse>(`${BASE}/members/getAll`, { page, pageSize, search }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: MESSAGES.fetchTeamMembersError },
  });
}

export function useInviteMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: InviteMember[]) => api.post<{ data: InvitedMemberDto[] }>(`${BASE}/invitations`, { members }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members }),
    meta: { handlesErrors: true },
  });
}

export function usePendingInvitations() {
  return useQuery({
    queryKey: teamKeys.invitations,
    queryFn: () => api.get<{ data: InvitationDto[] }>(`${BASE}/invitations`),
    select: (answer) => answer.data,
  });
}

export function useRespondToInvitation() {
  return useMutation({
    mutationFn: (body: InvitationActionBody) =>
      api.patch<{ data: { status: string; teamId: string } }>(`${BASE}/invitations`, body),
    meta: { handlesErrors: true },
  });
}

/** The team and role an invitation link offers; anyone holding the link may see them. */
export function useInvitationLink(token: string) {
  return useQuery({
    queryKey: teamKeys.invitationLink(token),
    queryFn: () => api.get<InvitationPreviewResponse>(`${BASE}/invitations/${encodeURIComponent(token)}`),
    select: (answer) => answer.data,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** The role toggle and the Credits Limit dialog: the answer is the member as stored (cap clamped). */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMemberBody) => api.patch<{ data: TeamMemberDto }>(`${BASE}/members/update`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members }),
    meta: { handlesErrors: true },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.patch<void>(`${BASE}/members/remove`, { memberId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members }),
    meta: { handlesErrors: true },
  });
}
