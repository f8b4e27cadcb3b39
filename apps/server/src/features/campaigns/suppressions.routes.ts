import { ErrorBody, escapeHtml } from '@leadline/shared';
import { SuppressionAddResponse, SuppressionBody, SuppressionDeleteBody, SuppressionDeleteResponse, SuppressionListQuery, SuppressionListResponse, SuppressionRestoreBody, SuppressionRestoreResponse, UnsubscribeParams } from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './suppressions.service.js';

const tags = ['campaigns'];
const PUBLIC_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The public page behind an email's unsubscribe link: one button, so link scanners that GET it unsubscribe nobody. */
const unsubscribePage = (token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Unsubscribe</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>Unsubscribe</h1><p>Stop receiving emails from this sender?</p>
<form method="post" action="/unsubscribe/${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
</body></html>`;

export const suppressionRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  // RFC 8058 one-click requests are form posts; their body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));

  app.get(
    '/api/v1/suppressions',
    { schema: { tags, summary: "The team's suppression list: addresses no campaign sends to", querystring: SuppressionListQuery, response: { 200: SuppressionListResponse, 400: ErrorBody } } },
    async (request) => service.listSuppressions(ctx.db, actorOf(request), request.query),
  );

  app.post(
    '/api/v1/suppressions',
    { schema: { tags, summary: 'Add addresses (typed or read from a CSV by the web app); their active leads stop', body: SuppressionBody, response: { 200: SuppressionAddResponse, 400: ErrorBody } } },
    async (request) => ({ data: await service.addSuppressions(ctx.db, actorOf(request), request.body.emails) }),
  );

  app.delete(
    '/api/v1/suppressions',
    { schema: { tags, summary: 'Remove an address from the suppression list', body: SuppressionDeleteBody, response: { 200: SuppressionDeleteResponse, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => ({ data: await service.deleteSuppression(ctx.db, actorOf(request), request.body.email) }),
  );

  app.post(
    '/api/v1/suppressions/restore',
    {
      schema: {
        tags,
        summary: 'Undo a removal: the address back with its reason and date (the undo token of the DELETE answer, 10 minutes)',
        body: SuppressionRestoreBody,
        response: { 200: SuppressionRestoreResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await service.restoreSuppression(ctx.db, actorOf(request), request.body.undoToken) }),
  );

  app.post(
    '/unsubscribe/:token',
    {
      config: PUBLIC_RATE_LIMIT,
      schema: {
        tags,
        summary: "One-click unsubscribe (RFC 8058), the URL of each campaign email's List-Unsubscribe: the same answer for any token",
        params: UnsubscribeParams,
        response: { 200: z.object({ data: z.object({ message: z.string() }) }), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => ({ data: await service.unsubscribe(ctx.db, request.params.token) }),
  );

  app.get(
    '/unsubscribe/:token',
    { config: PUBLIC_RATE_LIMIT, schema: { tags, summary: 'The page behind the unsubscribe link: a button that posts the one-click request', params: UnsubscribeParams, response: { 200: z.string(), 400: ErrorBody, 429: ErrorBody } } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(unsubscribePage(request.params.token)),
  );
};
