import { ErrorBody } from '@leadline/shared';
import { ClickQuery, TrackingParams } from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.js';
import * as service from './tracking.service.js';

const tags = ['campaigns'];
// Mail clients fetch images in bursts and people click a few links: more room than the unsubscribe page.
const TRACKING_RATE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const trackingRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/t/o/:token',
    {
      config: TRACKING_RATE_LIMIT,
      schema: {
        tags,
        summary: "A campaign email's open pixel (campaigns that track opens): a 1x1 GIF; a link no email carries answers 404",
        params: TrackingParams,
        response: { 200: z.any(), 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await service.trackOpen(ctx.db, request.params.token);
      return reply.type('image/gif').header('cache-control', 'no-store, max-age=0').send(PIXEL);
    },
  );

  app.get(
    '/t/c/:token',
    {
      config: TRACKING_RATE_LIMIT,
      schema: {
        tags,
        summary: "A campaign email's tracked link (campaigns that track clicks): redirects to the address it was signed for; a changed address or token answers 404",
        params: TrackingParams,
        querystring: ClickQuery,
        response: { 302: z.any(), 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const target = await service.trackClick(ctx.db, request.params.token, request.query.u);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
    },
  );
};
