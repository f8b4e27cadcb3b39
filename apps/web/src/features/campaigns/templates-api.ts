import type { CampaignTemplateDto, CampaignStepInput } from '@leadline/shared/campaigns/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { notify } from '../../lib/notify';

const BASE = '/api/v1/campaign-templates';
export const templateKeys = { all: ['campaign-templates'] as const, one: (id: string) => ['campaign-templates', id] as const };

export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: () => api.get<{ data: CampaignTemplateDto[] }>(BASE),
    select: (answer) => answer.data,
    meta: { errorMessage: 'There was an error fetching the templates. Please try again later!' },
  });
}

export type TemplateSource = { campaignId: string } | { steps: CampaignStepInput[] };

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string } & TemplateSource) => api.post<{ data: CampaignTemplateDto }>(BASE, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useRenameTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<{ data: CampaignTemplateDto }>(`${BASE}/${id}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useTemplate(id: string) {
  return useQuery({
    queryKey: templateKeys.one(id),
    queryFn: () => api.get<{ data: CampaignTemplateDto }>(`${BASE}/${id}`),
    select: (answer) => answer.data,
    meta: { handlesErrors: true },
  });
}

/** Renames one of the team's templates and rewrites its steps. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; steps: CampaignStepInput[] }) => api.patch<{ data: CampaignTemplateDto }>(`${BASE}/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ data: { id: string } }>(`${BASE}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** Reads a template once (for the new-campaign form to start from) and hands it to `onLoaded`. */
export function useTemplateOnce(id: string | null, onLoaded: (template: CampaignTemplateDto) => void) {
  const queryClient = useQueryClient();
  const latest = useRef(onLoaded);
  useEffect(() => {
    latest.current = onLoaded;
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    queryClient
      .fetchQuery({ queryKey: templateKeys.one(id), queryFn: () => api.get<{ data: CampaignTemplateDto }>(`${BASE}/${id}`) })
      .then((answer) => live && latest.current(answer.data))
      .catch(() => live && notify.error('There was an error fetching the template. Please try again later!'));
    return () => {
      live = false;
    };
  }, [id, queryClient]);
}
