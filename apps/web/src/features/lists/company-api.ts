import type { AddSearchCompaniesBodyInput, ListChangeResponse, ListDto, SearchFilters } from '@leadline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { listsKeys } from './api';

const BASE = '/api/v1/lists';
type ListChangeAnswer = z.infer<typeof ListChangeResponse>;

/** Which companies of the Companies tab are saved: rows ticked by id, or the first N of the search. */
export type CompanyPick = { kind: 'ids'; ids: string[] } | { kind: 'first'; count: number; filters: SearchFilters };

/** Where they go: a company list the user picked, or a new one of this name. */
export type CompanyListTarget = { listId: string } | { name: string };

/** Saves companies to a company list (creating it first if asked); answers how many were new to it. */
export function useSaveCompaniesToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pick, target }: { pick: CompanyPick; target: CompanyListTarget }) => {
      const listId = 'listId' in target ? target.listId : (await api.post<{ data: ListDto }>(BASE, { name: target.name, entityType: 'companyList' })).data._id;
      const answer =
        pick.kind === 'ids'
          ? await api.patch<ListChangeAnswer>(`${BASE}/addContacts/${encodeURIComponent(listId)}`, { companies: pick.ids })
          : await api.patch<ListChangeAnswer>(`${BASE}/addSearchCompanies/${encodeURIComponent(listId)}`, {
              filters: pick.filters,
              limit: pick.count,
            } satisfies AddSearchCompaniesBodyInput);
      return answer.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsKeys.all }),
    meta: { handlesErrors: true },
  });
}
