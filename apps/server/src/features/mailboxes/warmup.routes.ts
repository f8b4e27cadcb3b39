import { EmailWarmupResponse, EmailWarmupsResponse, ErrorBody, WarmupLinkQuery, WarmupLinkResponse, WarmupPatchBody, WarmupStartBody } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './warmup.service.js';

const tags = ['mailboxes'];

/** Warm-up (spec/settings.md §7: GET, POST and PATCH /email-warmup, GET /email-warmup/link). */
export const warmupRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/email-warmup', { schema: { tags, summary: "The warm-up state of each of the caller's mailboxes", response: { 200: EmailWarmupsResponse } } }, async (request) => ({
    data: await service.listWarmups(ctx, actorOf(request)),
  }));

  app.post(
    '/email-warmup',
    { schema: { tags, summary: "Starts a mailbox's warm-up (2,000 credits per inbox per month)", body: WarmupStartBody, response: { 200: EmailWarmupResponse, 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody } } },
    async (request) => ({ data: await service.startWarmup(ctx, actorOf(request), request.body) }),
  );

  app.patch(
    '/email-warmup',
    { schema: { tags, summary: "Pauses or starts again a mailbox's warm-up", body: WarmupPatchBody, response: { 200: EmailWarmupResponse, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody } } },
    async (request) => ({ data: await service.patchWarmup(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/email-warmup/link',
    {
      schema: {
        tags,
        summary: "The sign-in link a Gmail or Outlook mailbox opens before its warm-up (the provider's consent page)",
        querystring: WarmupLinkQuery,
        response: { 200: WarmupLinkResponse, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => ({ data: await service.warmupLink(ctx, actorOf(request), request.query.email) }),
  );
};
