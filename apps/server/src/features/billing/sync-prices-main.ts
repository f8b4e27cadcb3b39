// Entry point of `npm run billing:sync-prices`: creates the plans' and packs' prices in Stripe.
import { AppError } from '@leadline/shared';
import { loadConfig } from '../../lib/config.js';
import { gatewayFor } from './billing-gateway.js';
import { syncPrices } from './sync-prices.js';

try {
  const results = await syncPrices(gatewayFor(loadConfig()));
  for (const r of results) console.log(`${r.outcome.padEnd(9)} ${r.lookupKey} ${r.priceId}`);
  process.exit(0);
} catch (error) {
  console.error(`billing:sync-prices: ${error instanceof AppError ? error.message : (error as Error).message}`);
  process.exit(1);
}
