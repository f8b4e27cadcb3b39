import { ICP_MESSAGES, type IcpCreateBody, type IcpDto } from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const keys = ['icp-filters'] as const;

export function useIcps() {
  return useQuery({
    queryKey: keys,
    queryFn: () => api.get<{ data: IcpDto[] }>('/icp-filters/get'),
    select: (answer) => answer.data,
    meta: { errorMessage: ICP_MESSAGES.loadFailed },
  });
}

export function useCreateIcp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IcpCreateBody) => api.post<{ data: IcpDto }>('/icp-filters/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys }),
    meta: { handlesErrors: true },
  });
}

export function useDeleteIcp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete<{ data: { name: string } }>('/icp-filters/delete', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys }),
    meta: { errorMessage: ICP_MESSAGES.deleteFailed },
  });
}
