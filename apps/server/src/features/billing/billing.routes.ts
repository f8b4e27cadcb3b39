import { ErrorBody } from '@leadline/shared';
import { BillingConfigResponse, BillingHistoryResponse, CancelSubscriptionBody, CardBody, ClientSecretResponse, OkResponse, PaymentLinkBody, PaymentMethodsResponse, SetupLinkBody, TariffsResponse } from '@leadline/shared/billing/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { handleWebhook } from './billing-webhooks.service.js';
import {
  applyDiscount,
  cancelSubscription,
  createPaymentLink,
  createSetupLink,
  getBillingConfig,
  getBillingHistory,
  getTariffs,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './billing.service.js';

const tags = ['billing'];
const ok = { data: { ok: true as const } };
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** Billing (spec/settings.md §7): the team owner only, signed in (API keys are refused). */
export const billingRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/billing/config',
    { schema: { tags, summary: 'Whether billing is on, and the publishable key embedded checkout needs', response: { 200: BillingConfigResponse } } },
    async () => ({ data: getBillingConfig(ctx) }),
  );

  app.get('/billing/getTariffs', { schema: { tags, summary: 'Hobby, Solopreneur and Startup: variations[0] monthly, [1] yearly', response: { 200: TariffsResponse } } }, async () => ({
    data: getTariffs(),
  }));

  app.post(
    '/billing/getPaymentLink',
    { schema: { tags, summary: 'Embedded checkout for a plan (mode subscription) or a credit pack (mode payment)', body: PaymentLinkBody, response: { 200: ClientSecretResponse, ...errors } } },
    async (request) => ({ data: await createPaymentLink(ctx, actorOf(request), request.body) }),
  );

  app.post(
    '/billing/getSetupLink',
    { schema: { tags, summary: 'Embedded checkout in setup mode, to add a card', body: SetupLinkBody, response: { 200: ClientSecretResponse, ...errors } } },
    async (request) => ({ data: await createSetupLink(ctx, actorOf(request)) }),
  );

  app.get(
    '/billing/getPaymentMethods',
    { schema: { tags, summary: "The team's cards and which is the default", response: { 200: PaymentMethodsResponse, 503: ErrorBody } } },
    async (request) => ({ data: await listPaymentMethods(ctx, actorOf(request)) }),
  );

  app.post(
    '/billing/setPaymentMethodAsDefault',
    { schema: { tags, summary: 'Make a card the default for invoices', body: CardBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await setDefaultPaymentMethod(ctx, actorOf(request), request.body.cardId);
      return ok;
    },
  );

  app.delete(
    '/billing/removePaymentMethod',
    { schema: { tags, summary: 'Remove a card (not the default while a subscription is active)', body: CardBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await removePaymentMethod(ctx, actorOf(request), request.body.cardId);
      return ok;
    },
  );

  app.get(
    '/billing/getBillingHistory',
    { schema: { tags, summary: "The team's invoices", response: { 200: BillingHistoryResponse, 503: ErrorBody } } },
    async (request) => ({ data: await getBillingHistory(ctx, actorOf(request)) }),
  );

  app.post(
    '/billing/cancelSubscription',
    { schema: { tags, summary: 'Cancel the plan at the end of the current period, with a reason', body: CancelSubscriptionBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await cancelSubscription(ctx, actorOf(request), request.body);
      return ok;
    },
  );

  app.post(
    '/billing/applyDiscount',
    { schema: { tags, summary: 'The retention offer: 50% off the next billing cycle, once per team (409 after)', response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await applyDiscount(ctx, actorOf(request));
      return ok;
    },
  );

  // Stripe signs the exact bytes it sent, so this route alone reads its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    raw.post(
      '/billing/webhook',
      {
        schema: {
          tags,
          summary: "Stripe's webhook: the signature (Stripe-Signature) is checked on the raw body; each event applies once",
          headers: z.object({ 'stripe-signature': z.string().max(10_000).optional() }).passthrough(),
          response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }), 400: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const outcome = await handleWebhook(ctx, body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const, applied: outcome.applied };
      },
    );
  });
};
