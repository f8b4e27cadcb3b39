import type { AgentCreateInput, AgentDto, AgentRunDetail, AgentRunDto } from '@leadline/shared/agents/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/api/v1/agents';
/** While a run is queued or running its progress moves: the screen polls. */
const RUNNING_POLL_MS = 2_000;

export const AGENT_SCREEN_MESSAGES = {
  loadFailed: 'There was an error fetching your agents. Please try again later!',
  actionFailed: 'There was an error updating the agent. Please try again later!',
  created: 'Agent created successfully!',
} as const;

const open = (run: AgentRunDto | null | undefined) => run?.status === 'queued' || run?.status === 'running';

export function useAgents() {
  return useQuery({
    queryKey: ['agents', 'list'],
    queryFn: () => api.get<{ data: AgentDto[] }>(BASE),
    select: (answer) => answer.data,
    refetchInterval: (q) => (q.state.data?.data.some((a) => open(a.lastRun)) ? RUNNING_POLL_MS : false),
    meta: { errorMessage: AGENT_SCREEN_MESSAGES.loadFailed },
  });
}

export function useAgentRuns(agentId: string) {
  return useQuery({
    queryKey: ['agents', 'runs', agentId],
    queryFn: () => api.get<{ data: AgentRunDto[] }>(`${BASE}/${agentId}/runs`),
    select: (answer) => answer.data,
    refetchInterval: (q) => (q.state.data?.data.some(open) ? RUNNING_POLL_MS : false),
  });
}

export function useAgentRun(agentId: string, runId: string | null) {
  return useQuery({
    queryKey: ['agents', 'run', agentId, runId],
    queryFn: () => api.get<{ data: AgentRunDetail }>(`${BASE}/${agentId}/runs/${runId}`),
    select: (answer) => answer.data,
    enabled: Boolean(runId),
    refetchInterval: (q) => (q.state.data && open(q.state.data.data) ? RUNNING_POLL_MS : false),
  });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentCreateInput) => api.post<{ data: AgentDto }>(BASE, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents'] }),
    meta: { handlesErrors: true },
  });
}

export type AgentAction = 'run' | 'pause' | 'resume' | 'delete';

export function useAgentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AgentAction }) => (action === 'delete' ? api.delete(`${BASE}/${id}`) : api.post(`${BASE}/${id}/${action}`)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['agents'] }), queryClient.invalidateQueries({ queryKey: ['credits'] })]),
    meta: { handlesErrors: true },
  });
}
