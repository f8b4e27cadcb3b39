import { BulkEnrichBody, BulkEnrichResponse, ErrorBody, SingleEnrichBody, SingleEnrichResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { enrichmentProviders } from './enrichment.providers.js';
import { enrichSingle, pricingOf, startBulkEnrichment } from './enrichment.service.js';

const tags = ['enrichment'];
const errors = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const enrichmentRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/prospects-enrichment/single',
    {
      schema: {
        tags,
        summary: 'Enrich one prospect with emails, phones or both; charged only for accurate matches',
        body: SingleEnrichBody,
        response: { 200: SingleEnrichResponse, ...errors, 503: ErrorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const providers = enrichmentProviders(ctx, await pricingOf(ctx.db, actor.userId), { onNote: (note) => request.log.info(note) });
      return { data: await enrichSingle(ctx, actor, request.body, providers) };
    },
  );

  app.post(
    '/api/v1/prospects-enrichment/bulk',
    {
      schema: {
        tags,
        summary: 'Enrich a selection, a file, the current search or a list into a list, as a job',
        body: BulkEnrichBody,
        response: { 200: BulkEnrichResponse, ...errors },
      },
    },
    async (request) => {
      return { data: await startBulkEnrichment(ctx, actorOf(request), request.body) };
    },
  );
};
