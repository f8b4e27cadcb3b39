import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { useSearchResults, type ResultRow, type ResultsView, type SubmittedSearch } from './api';
import { resultPagesKey, resultPagesState, searchFailureMessage, type PagePosition } from './result-pages';

/**
 * The page on screen among the pages loaded so far (spec §4): Next asks the server, with the
 * last scroll token, only from the last loaded page; otherwise it, like Previous, only moves
 * the index (see resultPagesState).
 */
export function useResultPages<V extends ResultsView>(view: V, search: SubmittedSearch, size: number) {
  const query = useSearchResults(view, search, size);
  const key = resultPagesKey(view, search.run, size);
  const [position, setPosition] = useState<PagePosition>({ key, index: 0 });
  const pages = query.data?.pages ?? [];
  const state = resultPagesState({ position, key, loadedPages: pages.length, size, hasNextPage: query.hasNextPage, fetchingNext: query.isFetchingNextPage });
  const { index, onLastLoaded } = state;
  const page = pages[index];
  const moveTo = (next: number) => setPosition({ key, index: next });

  useEffect(() => {
    if (query.error) notify.error(searchFailureMessage(query.error));
  }, [query.error]);

  return {
    rows: (page?.data ?? []) as ResultRow<V>[],
    pageIndex: index,
    firstRow: state.firstRow,
    total: pages[0]?.total ?? 0,
    totalIsLowerBound: pages[0]?.total_is_lower_bound ?? false,
    loading: query.isPending,
    loadingNext: query.isFetchingNextPage,
    /** The first page failed: there is nothing to show. */
    failure: pages.length === 0 && query.isError ? searchFailureMessage(query.error) : null,
    canPrevious: state.canPrevious,
    canNext: state.canNext,
    previous: () => moveTo(Math.max(0, index - 1)),
    next: async () => {
      if (!onLastLoaded) return moveTo(index + 1);
      const result = await query.fetchNextPage();
      if ((result.data?.pages.length ?? 0) > index + 1) moveTo(index + 1);
    },
  };
}
