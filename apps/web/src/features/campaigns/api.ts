import type { CampaignTimeline } from '@leadline/shared/campaigns/timeline';
import type { CampaignCreateInput, CampaignDto, CampaignLeadDto, CampaignLeadStatus, CampaignStatus, CampaignSummaryDto, CampaignTaskDto } from '@leadline/shared/campaigns/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/api/v1/campaigns';
/** While a campaign runs, its counts move: the screens poll. */
const ACTIVE_POLL_MS = 10_000;

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (status?: CampaignStatus) => ['campaigns', 'list', status ?? 'all'] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  leads: (id: string, status: CampaignLeadStatus | undefined, page: number) => ['campaigns', 'leads', id, status ?? 'all', page] as const,
  timeline: (id: string, leadId: string) => ['campaigns', 'timeline', id, leadId] as const,
  tasks: (id: string) => ['campaigns', 'tasks', id] as const,
};

export const CAMPAIGN_SCREEN_MESSAGES = {
  loadFailed: 'There was an error fetching your campaigns. Please try again later!',
  actionFailed: 'There was an error updating the campaign. Please try again later!',
  created: 'Campaign created successfully!',
  taskDone: 'Task marked done',
  markedInterested: 'Lead marked interested',
} as const;

export function useCampaigns(status?: CampaignStatus) {
  return useQuery({
    queryKey: campaignKeys.list(status),
    queryFn: () => api.get<{ data: CampaignSummaryDto[] }>(BASE, { status }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === 'active') ? ACTIVE_POLL_MS : false),
    meta: { errorMessage: CAMPAIGN_SCREEN_MESSAGES.loadFailed },
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: () => api.get<{ data: CampaignDto }>(`${BASE}/${id}`),
    select: (answer) => answer.data,
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.data.status === 'active' ? ACTIVE_POLL_MS : false),
    meta: { errorMessage: CAMPAIGN_SCREEN_MESSAGES.loadFailed },
  });
}

export type LeadsPage = { data: CampaignLeadDto[]; pagination: { currentPage: number; totalPages: number; totalRecords: number } };

export function useCampaignLeads(id: string, status: CampaignLeadStatus | undefined, page: number) {
  return useQuery({
    queryKey: campaignKeys.leads(id, status, page),
    queryFn: () => api.get<LeadsPage>(`${BASE}/${id}/leads`, { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CAMPAIGN_SCREEN_MESSAGES.loadFailed },
  });
}

export function useLeadTimeline(id: string, leadId: string | null) {
  return useQuery({
    queryKey: campaignKeys.timeline(id, leadId ?? ''),
    queryFn: () => api.get<{ data: CampaignTimeline }>(`${BASE}/${id}/leads/${leadId}/timeline`),
    select: (answer) => answer.data,
    enabled: leadId !== null,
    meta: { errorMessage: CAMPAIGN_SCREEN_MESSAGES.loadFailed },
  });
}

export type CampaignAction = 'launch' | 'pause' | 'resume' | 'archive' | 'duplicate';

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignAction }) => api.post<{ data: CampaignDto }>(`${BASE}/${id}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** `PATCH /api/v1/campaigns/{id}`: settings such as tracking; the details page shows the answer. */
export function useUpdateCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CampaignCreateInput>) => api.patch<{ data: CampaignDto }>(`${BASE}/${id}`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(campaignKeys.one(id), answer);
      return queryClient.invalidateQueries({ queryKey: ['campaigns', 'list'] });
    },
    meta: { handlesErrors: true },
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCreateInput) => api.post<{ data: CampaignDto }>(BASE, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function usePreview(id: string, stepIndex: number, enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'preview', id, stepIndex],
    queryFn: () => api.post<{ data: { subject: string | null; body: string | null; to: string | null } }>(`${BASE}/${id}/preview`, { stepIndex }),
    select: (answer) => answer.data,
    enabled,
  });
}

/** The team's contact lists and the user's connected mailboxes, for the new-campaign form. */
export function useAudienceChoices() {
  const lists = useQuery({
    queryKey: ['campaigns', 'choices', 'lists'],
    queryFn: () =>
      api.get<{ data: { lists: Array<{ _id: string; name: string; contacts?: number }> } }>('/api/v1/lists/getAll', {
        entityType: 'contactList',
        includeGeneratedBySystem: 'false',
        limit: 100,
        sortBy: 'name',
        sortOrder: 'asc',
      }),
    select: (answer) => answer.data.lists,
  });
  const mailboxes = useQuery({
    queryKey: ['campaigns', 'choices', 'mailboxes'],
    queryFn: () => api.get<{ data: Array<{ emailAddress: string; isConnected: boolean }> }>('/api/v1/mail/gmail/accounts'),
    select: (answer) => answer.data.filter((m) => m.isConnected).map((m) => m.emailAddress),
  });
  return { lists, mailboxes };
}

export function useCampaignTasks(id: string) {
  return useQuery({
    queryKey: campaignKeys.tasks(id),
    queryFn: () => api.get<{ data: CampaignTaskDto[] }>(`${BASE}/${id}/tasks`),
    select: (answer) => answer.data,
    meta: { errorMessage: CAMPAIGN_SCREEN_MESSAGES.loadFailed },
  });
}

/** Closes a task at once in the list and puts it back if the server refuses; the lead then moves on. */
export function useCompleteTask(id: string) {
  const queryClient = useQueryClient();
  const key = campaignKeys.tasks(id);
  return useMutation({
    mutationFn: (task: Pick<CampaignTaskDto, 'contactId' | 'stepIndex'>) => api.post(`${BASE}/${id}/tasks/done`, { contactId: task.contactId, stepIndex: task.stepIndex }),
    onMutate: async (task) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<{ data: CampaignTaskDto[] }>(key);
      if (before) queryClient.setQueryData(key, { data: before.data.filter((t) => !(t.contactId === task.contactId && t.stepIndex === task.stepIndex)) });
      return { before };
    },
    onError: (_error, _task, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useMarkInterested(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => api.post(`${BASE}/${id}/interested`, { contactId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    meta: { handlesErrors: true },
  });
}
