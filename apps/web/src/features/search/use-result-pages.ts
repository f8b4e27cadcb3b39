import { MESSAGES, SEARCH_MESSAGES } from '@leadline/shared';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useSearchResults, type ResultRow, type ResultsView, type SubmittedSearch } from './api';

/** Spec §8: 402 has its own message; any other search failure says nothing was found. */
export function searchFailureMessage(error: unknown): string {
  return isApiError(error) && error.status === 402 ? MESSAGES.insufficientCredits : SEARCH_MESSAGES.noProspects;
}

/**
 * The page on screen among the pages loaded so far (spec §4): Next asks the server, with the
 * last scroll token, only from the last loaded page; otherwise it, like Previous, only moves
 * the index. A new search (another query key) starts again at the first page.
 */
export function useResultPages<V extends ResultsView>(view: V, search: SubmittedSearch, size: number) {
  const query = useSearchResults(view, search, size);
  const key = `${view}:${search.run}:${size}`;
  const [position, setPosition] = useState({ key, index: 0 });
  const pages = query.data?.pages ?? [];
  const index = position.key === key ? Math.min(position.index, Math.max(0, pages.length - 1)) : 0;
  const page = pages[index];
  const moveTo = (next: number) => setPosition({ key, index: next });

  useEffect(() => {
    if (query.error) notify.error(searchFailureMessage(query.error));
  }, [query.error]);

  const onLastLoaded = index >= pages.length - 1;
  return {
    rows: (page?.data ?? []) as ResultRow<V>[],
    pageIndex: index,
    firstRow: index * size + 1,
    total: pages[0]?.total ?? 0,
    totalIsLowerBound: pages[0]?.total_is_lower_bound ?? false,
    loading: query.isPending,
    loadingNext: query.isFetchingNextPage,
    /** The first page failed: there is nothing to show. */
    failure: pages.length === 0 && query.isError ? searchFailureMessage(query.error) : null,
    canPrevious: index > 0,
    canNext: !onLastLoaded || (query.hasNextPage && !query.isFetchingNextPage),
    previous: () => moveTo(Math.max(0, index - 1)),
    next: async () => {
      if (!onLastLoaded) return moveTo(index + 1);
      const result = await query.fetchNextPage();
      if ((result.data?.pages.length ?? 0) > index + 1) moveTo(index + 1);
    },
  };
}
