import { ErrorBody, IDEMPOTENT_REPLAYED_HEADER, IdempotencyHeaders, VerifyContactBody, VerifyContactResponse, VerifyListBody, VerifyListResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { runOnce } from '../idempotency/index.js';
import { mailProbeOf, startListVerification, verifyContact } from './email-verification.service.js';

const tags = ['email-verification'];
const errors = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const howItChecks =
  "Each unchecked email (an upload, a CRM pull, a typed address, a guessed one) is checked for syntax, for the domain's MX records, and with an SMTP RCPT probe on its mail server when this network can reach port 25; 5 credits per address that reached DNS. When DNS cannot be reached nothing is checked or charged (503).";

export const emailVerificationRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/email-verification/single',
    {
      schema: {
        tags,
        summary: "Verify a contact's unchecked emails ('email validation', 5 credits each)",
        description: `${howItChecks} Send an \`Idempotency-Key\` header to make a retry safe.`,
        headers: IdempotencyHeaders,
        body: VerifyContactBody,
        response: { 200: VerifyContactResponse, ...errors, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const once = { teamId: actor.teamId, userId: actor.userId, key: request.headers['idempotency-key'], route: 'POST /api/v1/email-verification/single', body: request.body };
      return runOnce(
        ctx.db,
        once,
        async () => ({ data: await verifyContact(ctx, actor, request.body, mailProbeOf(ctx)) }),
        () => void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'),
      );
    },
  );

  app.post(
    '/api/v1/email-verification/bulk',
    {
      schema: {
        tags,
        summary: "Verify the unchecked emails of a list's contacts, as a job with progress",
        description: `${howItChecks} The credits for every address are held first (402 when they are not there); what is not spent is given back at the end.`,
        body: VerifyListBody,
        response: { 200: VerifyListResponse, ...errors },
      },
    },
    async (request) => ({ data: await startListVerification(ctx, actorOf(request), request.body) }),
  );
};
