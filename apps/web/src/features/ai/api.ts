import type {
  AiStatusResponse,
  GenerateEmailFromSubjectBody,
  GenerateEmailReplyResponse,
  GenerateEmailResponse,
  GenerateThreadSummaryResponse,
} from '@leadline/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Whether the server has an AI provider; AI controls read it before offering themselves. */
export function useAiStatus() {
  return useQuery({ queryKey: ['ai', 'status'], queryFn: () => api.get<AiStatusResponse>('/ai/status'), staleTime: 5 * 60_000 });
}

export function useGenerateEmailReply() {
  return useMutation({ mutationFn: (body: { emailId: string; profileId?: string }) => api.post<GenerateEmailReplyResponse>('/knowledge-hub/generate-email-reply', body), meta: { handlesErrors: true } });
}

export function useGenerateEmailFromSubject() {
  return useMutation({ mutationFn: (body: GenerateEmailFromSubjectBody) => api.post<GenerateEmailResponse>('/knowledge-hub/generate-email-from-subject-line', body), meta: { handlesErrors: true } });
}

export function useThreadSummary() {
  return useMutation({ mutationFn: (emailId: string) => api.post<GenerateThreadSummaryResponse>('/knowledge-hub/generate-email-thread-summary', { emailId }), meta: { handlesErrors: true } });
}
