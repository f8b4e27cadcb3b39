import { CREDIT_COSTS } from '../credits/constants.js';
import { DEFAULT_SEARCH_FILTERS, type SearchFilters } from './filters.js';
import { normalizeFilters } from './normalize.js';

/**
 * What revealing people costs (docs/decisions.md, "Search metering"): one search run, a set of
 * filters, costs B2B contact search's 5 credits once; every page of it, in either view, and
 * every list filled from it is free for SEARCH_RUN_HOURS after the charge.
 */
export const SEARCH_RUN_COST = CREDIT_COSTS.b2bContactSearch;
export const SEARCH_RUN_HOURS = 24;

/** JSON with object keys sorted, so two equal values always write the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const isOption = (v: unknown): v is { value: string; status: string } =>
  typeof v === 'object' && v !== null && 'value' in v && 'status' in v;

/**
 * What makes two searches the same search: the normalized filters, without the options' labels
 * (only values and statuses select people) and in no particular order of options.
 */
export function searchIdentity(filters: SearchFilters, now: Date = new Date()): string {
  const normalized = normalizeFilters(filters, now);
  const bare = Object.fromEntries(
    Object.entries(normalized).map(([key, value]) => {
      if (!Array.isArray(value) || !value.every(isOption)) return [key, value];
      const options = value.map((o) => `${o.status}:${o.value}`).sort();
      return [key, options];
    }),
  );
  return canonicalJson(bare);
}

/** The search the screen opens with: its first page is a free preview (it is the same for everyone). */
export function isOpeningSearch(filters: SearchFilters, now: Date = new Date()): boolean {
  return searchIdentity(filters, now) === searchIdentity(DEFAULT_SEARCH_FILTERS, now);
}
