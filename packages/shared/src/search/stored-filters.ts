import { z } from 'zod';
import { SearchFilters } from './filters.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parts of one stored filter value that its schema still accepts, or undefined for none. */
function acceptedPart(field: z.ZodType, value: unknown): unknown {
  const whole = field.safeParse(value);
  if (whole.success) return whole.data;
  if (Array.isArray(value)) {
    const kept = value.flatMap((option) => {
      const one = field.safeParse([option]);
      return one.success && Array.isArray(one.data) ? one.data : [];
    });
    return kept.length ? kept : undefined;
  }
  if (isPlainObject(value)) {
    const bounds = Object.fromEntries(
      (['min', 'max'] as const).filter((end) => value[end] !== undefined && field.safeParse({ [end]: value[end] }).success).map((end) => [end, value[end]]),
    );
    const kept = field.safeParse(bounds);
    return kept.success && Object.keys(bounds).length ? kept.data : undefined;
  }
  return undefined;
}

/**
 * Filters read back from a saved search or a dynamic list. Rows written before the schema
 * refused NUL bytes, broken Unicode and fractional or out-of-range numbers may hold them: each
 * value the schema refuses is left out (one option of a multi-select, one end of a range), so
 * the rest still loads and searches instead of failing the whole request.
 */
export function readStoredFilters(stored: unknown): SearchFilters {
  const whole = SearchFilters.safeParse(stored);
  if (whole.success) return whole.data;
  const source = isPlainObject(stored) ? stored : {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(SearchFilters.shape)) {
    if (source[key] === undefined) continue;
    const part = acceptedPart(field, source[key]);
    if (part !== undefined) kept[key] = part;
  }
  return SearchFilters.parse(kept);
}
