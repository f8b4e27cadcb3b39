import { SEARCH_RUN_COST, searchIdentity, type SearchFilters } from '@leadline/shared';

/** The search on screen: its filters, its run number (0: the preview the screen opened with) and whether it failed. */
export type SearchOnScreen = { filters: SearchFilters; run: number; failed: boolean };

/**
 * What the Search button costs (docs/decisions.md, "Search metering"): nothing for the filters of
 * a search already run on screen (the server keeps its run), a new run otherwise. The opening
 * preview is no run: searching its filters costs a run.
 */
export function searchCost(filters: SearchFilters, onScreen: SearchOnScreen): number {
  const sameRun = onScreen.run > 0 && !onScreen.failed && searchIdentity(filters) === searchIdentity(onScreen.filters);
  return sameRun ? 0 : SEARCH_RUN_COST;
}

/** The button's cost as text. */
export const costLabel = (cost: number) => (cost === 0 ? 'Free' : `${cost} credits`);

/** The rule, for the button's description. */
export const costDescription = (cost: number) =>
  cost === 0
    ? 'Free: these are the filters of the search on screen, already paid for.'
    : `Costs ${cost} credits: each new set of filters is a new search; its next pages and the same search again within a day are free.`;
