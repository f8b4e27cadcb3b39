import { API_KEY_MESSAGES, type ApiKeyCreateResponse, type ApiKeysResponse } from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/api/v1/api_keys';
const keys = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: keys,
    queryFn: () => api.get<ApiKeysResponse>(`${BASE}/getAll`),
    select: (answer) => answer.data,
    meta: { errorMessage: API_KEY_MESSAGES.loadFailed },
  });
}

/** Creates a key; its answer is the only place the whole key ever appears. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApiKeyCreateResponse>(`${BASE}/create`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys }),
    meta: { errorMessage: API_KEY_MESSAGES.createFailed },
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ data: { _id: string } }>(`${BASE}/delete?id=${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys }),
    meta: { errorMessage: API_KEY_MESSAGES.deleteFailed },
  });
}
