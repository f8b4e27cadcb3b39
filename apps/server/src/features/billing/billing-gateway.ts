import { AppError } from '@leadline/shared';
import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import type { Config } from '../../lib/config.js';
import { createStripeGateway, type BillingGateway } from './stripe-adapter.js';

const gateways = new WeakMap<Config['stripe'], BillingGateway>();

/** Billing is on when a Stripe secret key is configured. */
export const billingEnabled = (config: Config) => Boolean(config.stripe.secretKey);

export const billingOff = () => new AppError('PROVIDER_UNAVAILABLE', BILLING_MESSAGES.notConfigured);

/** The Stripe gateway of this configuration (one client per configuration); 503 when billing is off. */
export function gatewayFor(config: Config): BillingGateway {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) throw billingOff();
  let gateway = gateways.get(config.stripe);
  if (!gateway) {
    gateway = createStripeGateway({ secretKey, apiBase });
    gateways.set(config.stripe, gateway);
  }
  return gateway;
}
