import { MESSAGES, SEARCH_MESSAGES } from '@leadline/shared';
import { isApiError } from '../../lib/api';

/** Spec §8: 402 has its own message; any other search failure says nothing was found. */
export function searchFailureMessage(error: unknown): string {
  return isApiError(error) && error.status === 402 ? MESSAGES.insufficientCredits : SEARCH_MESSAGES.noProspects;
}

/** The page chosen on screen, for the search it was chosen in (`key`). */
export type PagePosition = { key: string; index: number };

/** Identifies one search's pages: another view, run or page size starts again at the first page. */
export const resultPagesKey = (view: string, run: number, size: number) => `${view}:${run}:${size}`;

/**
 * Where the result pages stand (spec §4). The page on screen is the one chosen for this search,
 * kept among the pages loaded so far; a new search shows its first page. Next is possible from
 * any page but the last loaded one, and from that one while the server has more and is not
 * already fetching them.
 */
export function resultPagesState(options: {
  position: PagePosition;
  key: string;
  loadedPages: number;
  size: number;
  hasNextPage: boolean;
  fetchingNext: boolean;
}) {
  const { position, key, loadedPages, size, hasNextPage, fetchingNext } = options;
  const index = position.key === key ? Math.min(position.index, Math.max(0, loadedPages - 1)) : 0;
  const onLastLoaded = index >= loadedPages - 1;
  return {
    index,
    firstRow: index * size + 1,
    onLastLoaded,
    canPrevious: index > 0,
    canNext: !onLastLoaded || (hasNextPage && !fetchingNext),
  };
}
