import {
  MESSAGES,
  type InvitationActionBody,
  type InvitationDto,
  type InviteMember,
  type MembersResponse,
  type TeamMemberDto,
} from '@leadline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/api/v1/team-management';

export const teamKeys = {
  members: ['team-members'] as const,
  membersPage: (page: number, pageSize: number, search: string) => ['team-members', { page, pageSize, search }] as const,
  invitations: ['invitations'] as const,
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
    mutationFn: (members: InviteMember[]) => api.post<{ data: TeamMemberDto[] }>(`${BASE}/invitations`, { members }),
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
  });
}
