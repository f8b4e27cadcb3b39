import {
  SEARCH_MESSAGES,
  SEARCH_RETRY,
  type AutocompleteField,
  type AutocompleteResponse,
  type CompanyResult,
  type Prospect,
  type SavedSearchDto,
  type SaveSearchBody,
  type SearchFilters,
  type SearchResponse,
} from '@leadline/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';

/** What the results table shows: people (`/search/contacts`) or companies (`/search/companies`). */
export type ResultsView = 'people' | 'companies';

const SEARCH_PATHS: Record<ResultsView, string> = { people: '/search/contacts', companies: '/search/companies' };

/** One page of search results, for either view. */
export type SearchPage<Row> = Omit<SearchResponse['data']['response'], 'data'> & { data: Row[] };
type SearchAnswer<Row> = { data: { response: SearchPage<Row> } };

export type ResultRow<V extends ResultsView> = V extends 'people' ? Prospect : CompanyResult;

/** A search the user started: the filters as they were, and a number that makes each run new. */
export type SubmittedSearch = { filters: SearchFilters; run: number };

export const searchKeys = {
  all: ['search'] as const,
  results: (view: ResultsView, search: SubmittedSearch, size: number) => ['search', view, search, size] as const,
  saved: ['saved-searches'] as const,
  autocomplete: (field: AutocompleteField, query: string) => ['autocomplete', field, query] as const,
};

/** Spec §4: only a 504 (the search timed out) is worth retrying, 3 times 3 seconds apart. */
const retryGatewayTimeout = (failureCount: number, error: Error) =>
  isApiError(error) && error.status === 504 && failureCount < SEARCH_RETRY.attempts;

/**
 * Search results as pages loaded one after another with the scroll token of the previous page.
 * Loaded pages stay in memory (a page is never fetched twice), so the query never refetches by
 * itself: refetching would replay every token. The screen shows the failure itself.
 */
export function useSearchResults<V extends ResultsView>(view: V, search: SubmittedSearch, size: number) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(view, search, size),
    queryFn: ({ pageParam }) =>
      api
        .post<SearchAnswer<ResultRow<V>>>(SEARCH_PATHS[view], {
          params: { ...search.filters, size },
          // Run 0 is the search the screen opens with: its first page is a free preview.
          ...(pageParam ? { scroll_token: pageParam } : search.run === 0 ? { preview: true } : {}),
        })
        .then((answer) => answer.data.response),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.scroll_token ?? undefined,
    retry: retryGatewayTimeout,
    retryDelay: SEARCH_RETRY.delayMs,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { handlesErrors: true },
  });
}

export function useSavedSearches() {
  return useQuery({
    queryKey: searchKeys.saved,
    queryFn: () => api.get<{ data: SavedSearchDto[] }>('/search/save'),
    select: (answer) => answer.data,
    meta: { errorMessage: SEARCH_MESSAGES.savedSearchesFetchFailed },
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSearchBody) => api.post<{ data: SavedSearchDto }>('/search/save', body).then((a) => a.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.saved }),
    meta: { handlesErrors: true },
  });
}

/** Typing pauses this long before options are asked for. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;

/** Ranked options of a filter for the typed text, asked for only while the dropdown is open. */
export function useAutocomplete(field: AutocompleteField | undefined, query: string, enabled: boolean) {
  const [debounced] = useDebouncedValue(query.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: searchKeys.autocomplete(field ?? 'job_title', debounced),
    queryFn: () => api.get<AutocompleteResponse>(`/autocomplete/${field}`, { query: debounced }),
    select: (answer) => answer.data,
    enabled: enabled && field !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { handlesErrors: true },
  });
  /** The options shown answer an earlier text: still typing, or the answer is on its way. */
  const outdated = debounced !== query.trim() || result.isPlaceholderData;
  return { ...result, outdated };
}
