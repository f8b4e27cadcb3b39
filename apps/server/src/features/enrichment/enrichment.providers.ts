import type { EnrichmentPricing } from '@leadline/shared';
import type { AppContext } from '../../lib/context.js';
import { createEmailPatternProvider, type MxResolver } from './providers/email-pattern.js';
import { createLocalDatabaseProvider } from './providers/local-database.js';
import { createPdlProvider } from './providers/pdl.js';
import { createOutboundClient } from '../../lib/http/outbound.js';
import type { EnrichmentProvider } from './providers/types.js';

const pdlByContext = new WeakMap<AppContext, EnrichmentProvider | null>();

/** People Data Labs, when an API key is configured (one client per app, so connections are reused). */
function pdlProvider(ctx: AppContext): EnrichmentProvider | null {
  if (!pdlByContext.has(ctx)) {
    const { apiKey, baseUrl, minLikelihood } = ctx.config.pdl;
    pdlByContext.set(ctx, apiKey ? createPdlProvider({ apiKey, baseUrl, minLikelihood, client: createOutboundClient({ allowPrivateNetwork: ctx.config.outboundAllowPrivate }) }) : null);
  }
  return pdlByContext.get(ctx)!;
}

/**
 * The waterfall, in order: the local people database, the domain pattern finder, then People
 * Data Labs when configured. The paid vendor is the "waterfall" of the premium database; a user
 * on another database type pays the basic price and gets the first two only.
 */
export function enrichmentProviders(
  ctx: AppContext,
  pricing: EnrichmentPricing,
  options: { resolveMx?: MxResolver; onNote?: (note: string) => void } = {},
): EnrichmentProvider[] {
  const providers = [createLocalDatabaseProvider(ctx.db), createEmailPatternProvider(ctx.db, options)];
  const pdl = pricing.databaseType === 'premium' ? pdlProvider(ctx) : null;
  return pdl ? [...providers, pdl] : providers;
}
