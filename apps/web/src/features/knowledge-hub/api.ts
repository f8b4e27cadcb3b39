import {
  KNOWLEDGE_MESSAGES,
  type CreateKnowledgeProfileBody,
  type DeleteKnowledgeContentBody,
  type KnowledgeProfileDetail,
  type KnowledgeProfileDto,
  type UpdateKnowledgeProfileBody,
} from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

const keys = ['knowledge-hub'] as const;
/** While a profile is being crawled its progress is polled. */
const POLL_MS = 2_000;

export function useKnowledgeProfiles() {
  return useQuery({
    queryKey: [...keys, 'all'],
    queryFn: () => api.get<{ data: KnowledgeProfileDto[] }>('/knowledge-hub/get-all-profiles'),
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.data?.data.some((p) => p.status === 'processing') ? POLL_MS : false),
    meta: { errorMessage: KNOWLEDGE_MESSAGES.loadFailed },
  });
}

export function useKnowledgeProfile(id: string) {
  return useQuery({
    queryKey: [...keys, 'one', id],
    queryFn: () => api.get<{ data: KnowledgeProfileDetail }>(`/knowledge-hub/profile/${encodeURIComponent(id)}`),
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.data?.data.status === 'processing' ? POLL_MS : false),
  });
}

function useKnowledgeMutation<B, R>(fn: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys }), meta: { handlesErrors: true } });
}

export const useCreateKnowledgeProfile = () =>
  useKnowledgeMutation((body: CreateKnowledgeProfileBody) => api.post<{ data: KnowledgeProfileDto; message: string }>('/knowledge-hub/create-profile-state-machine', body));
export const useUpdateKnowledgeProfile = () => useKnowledgeMutation((body: UpdateKnowledgeProfileBody) => api.patch<{ data: KnowledgeProfileDto }>('/knowledge-hub/profile', body));
export const useDeleteKnowledgeContent = () => useKnowledgeMutation((body: DeleteKnowledgeContentBody) => api.delete<{ data: KnowledgeProfileDto }>('/knowledge-hub/profile/content', body));
export const useDeleteKnowledgeProfile = () => useKnowledgeMutation((profileId: string) => api.post<{ success: true; message: string }>('/knowledge-hub/delete-profile-vs-id', { profileId }));
export const useSetDefaultKnowledgeProfile = () => useKnowledgeMutation((profileId: string) => api.post<{ data: KnowledgeProfileDto }>('/knowledge-hub/set-default-kh-profile', { profileId }));

/** The server reads a .pdf or .docx and answers its text (nothing is stored). */
export async function readAttachment(file: File): Promise<{ filename: string; text: string }> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/knowledge-hub/attachments', { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { data?: { filename: string; text: string }; error?: { code: string; message: string } } | null;
  if (!response.ok || !body?.data) throw new ApiError(response.status, body?.error?.code ?? 'UNKNOWN', body?.error?.message ?? KNOWLEDGE_MESSAGES.unsupportedFile);
  return body.data;
}
