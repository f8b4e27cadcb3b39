import { PLANS } from '@leadline/shared';
import { CREDIT_PACK_LOOKUP_KEY, CREDIT_PACK_UNIT_PRICE_CENTS, PAID_PLANS, planLookupKey, planVariation } from '@leadline/shared/billing/schemas';
import type { BillingGateway } from './stripe-adapter.js';

type WantedPrice = { lookupKey: string; productId: string; productName: string; unitAmount: number; interval: 'month' | 'year' | null };
export type PriceSync = { lookupKey: string; priceId: string; outcome: 'unchanged' | 'created' | 'replaced' };

/** Every price the product sells (spec/settings.md §9), by lookup key. */
export function wantedPrices(): WantedPrice[] {
  const plans = PAID_PLANS.flatMap((plan) =>
    (['monthly', 'yearly'] as const).map((cycle) => ({
      lookupKey: planLookupKey(plan, cycle),
      productId: `leadline_${plan}`,
      productName: `Leadline ${PLANS[plan].name}`,
      unitAmount: planVariation(plan, cycle).priceCents,
      interval: cycle === 'monthly' ? ('month' as const) : ('year' as const),
    })),
  );
  return [...plans, { lookupKey: CREDIT_PACK_LOOKUP_KEY, productId: 'leadline_credits', productName: 'Leadline credits (10,000)', unitAmount: CREDIT_PACK_UNIT_PRICE_CENTS, interval: null }];
}

/**
 * Makes Stripe's prices match the plans and packs: a lookup key whose price is missing or
 * differs gets a new price (which takes the key over); a matching one is left alone, so a second
 * run changes nothing. Prices are never referred to by id anywhere else.
 */
export async function syncPrices(gateway: BillingGateway): Promise<PriceSync[]> {
  const wanted = wantedPrices();
  const existing = await gateway.pricesByLookupKeys(wanted.map((w) => w.lookupKey));
  const results: PriceSync[] = [];
  for (const w of wanted) {
    const current = existing.get(w.lookupKey);
    if (current && current.unitAmount === w.unitAmount && current.interval === w.interval) {
      results.push({ lookupKey: w.lookupKey, priceId: current.id, outcome: 'unchanged' });
      continue;
    }
    const productId = await gateway.ensureProduct({ id: w.productId, name: w.productName });
    const created = await gateway.createPrice({ ...w, productId });
    results.push({ lookupKey: w.lookupKey, priceId: created.id, outcome: current ? 'replaced' : 'created' });
  }
  return results;
}
