import type { EnrichmentPricing } from '@leadline/shared';
import type { AppContext } from '../../lib/context.js';
import { createEmailPatternProvider, type MxResolver } from './providers/email-pattern.js';
import { createLocalDatabaseProvider } from './providers/local-database.js';
import type { EnrichmentProvider } from './providers/types.js';

/**
 * The waterfall, in order: the local people database, then the domain pattern finder.
 * (People Data Labs joins as the third, premium step with its adapter.)
 */
export function enrichmentProviders(
  ctx: AppContext,
  _pricing: EnrichmentPricing,
  options: { resolveMx?: MxResolver; onNote?: (note: string) => void } = {},
): EnrichmentProvider[] {
  return [createLocalDatabaseProvider(ctx.db), createEmailPatternProvider(ctx.db, options)];
}
