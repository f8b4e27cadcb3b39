/**
 * The numeric bounds of People Data Labs' company size and revenue bands, which the mapping and
 * the demo generator need; the band names themselves are the shared enumerations
 * (a test checks that both lists agree).
 */
import { CONTINENTS } from '@leadline/shared';

export type { JobLevel } from '@leadline/shared';

/** Continents where people live (the shared list also has PDL's 'antarctica'). */
export const POPULATED_CONTINENTS = CONTINENTS.filter((c) => c !== 'antarctica');

/** `max` is null for the open-ended top band. */
export const COMPANY_SIZES = [
  { band: '1-10', min: 1, max: 10 },
  { band: '11-50', min: 11, max: 50 },
  { band: '51-200', min: 51, max: 200 },
  { band: '201-500', min: 201, max: 500 },
  { band: '501-1000', min: 501, max: 1000 },
  { band: '1001-5000', min: 1001, max: 5000 },
  { band: '5001-10000', min: 5001, max: 10000 },
  { band: '10001+', min: 10001, max: null },
] as const;

const M = 1_000_000;
const B = 1_000_000_000;

/** `upperUsd` is null for the open-ended top band. */
export const REVENUE_BANDS = [
  { band: '$0-$1M', lowerUsd: 0, upperUsd: M },
  { band: '$1M-$10M', lowerUsd: M, upperUsd: 10 * M },
  { band: '$10M-$25M', lowerUsd: 10 * M, upperUsd: 25 * M },
  { band: '$25M-$50M', lowerUsd: 25 * M, upperUsd: 50 * M },
  { band: '$50M-$100M', lowerUsd: 50 * M, upperUsd: 100 * M },
  { band: '$100M-$250M', lowerUsd: 100 * M, upperUsd: 250 * M },
  { band: '$250M-$500M', lowerUsd: 250 * M, upperUsd: 500 * M },
  { band: '$500M-$1B', lowerUsd: 500 * M, upperUsd: B },
  { band: '$1B-$10B', lowerUsd: B, upperUsd: 10 * B },
  { band: '$10B+', lowerUsd: 10 * B, upperUsd: null },
] as const;

export type RevenueBand = (typeof REVENUE_BANDS)[number];
export type SizeBand = (typeof COMPANY_SIZES)[number];

const revenueByBand = new Map<string, RevenueBand>(REVENUE_BANDS.map((r) => [r.band, r]));

/** The USD bounds of a PDL revenue band, or nulls for a value that is not one. */
export function revenueBounds(band: string | null): { lowerUsd: number | null; upperUsd: number | null } {
  const found = band ? revenueByBand.get(band) : undefined;
  return found ? { lowerUsd: found.lowerUsd, upperUsd: found.upperUsd } : { lowerUsd: null, upperUsd: null };
}

export function revenueBandFor(usd: number): RevenueBand {
  return REVENUE_BANDS.find((r) => r.upperUsd === null || usd < r.upperUsd)!;
}

export function sizeBandFor(employees: number): SizeBand {
  return COMPANY_SIZES.find((s) => s.max === null || employees <= s.max)!;
}
