/** The billing feature's public surface: plans, checkout, cards, invoices and Stripe's webhooks. */
export { getBillingConfig, getTariffs } from './billing.service.js';
export { billingEnabled } from './billing-gateway.js';
