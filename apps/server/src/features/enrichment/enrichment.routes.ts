import {
  BulkEnrichBody,
  BulkEnrichResponse,
  ErrorBody,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyHeaders,
  SingleEnrichBody,
  SingleEnrichResponse,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { runOnce } from '../idempotency/index.js';
import { enrichmentProviders } from './enrichment.providers.js';
import { enrichSingle, pricingOf, startBulkEnrichment } from './enrichment.service.js';

const tags = ['enrichment'];
const errors = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const keyNote =
  ' Send an `Idempotency-Key` header (one value per user action) to make it safe to repeat: a replay with the same key answers the first answer (marked `Idempotent-Replayed: true`) and charges nothing more; the same key with another body answers 422.';

export const enrichmentRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/prospects-enrichment/single',
    {
      schema: {
        tags,
        summary: 'Enrich one prospect with emails, phones or both; charged only for accurate matches',
        description: `A prospect is looked up by one request at a time: another request for the same channel while it runs, or after it found or missed, answers 409.${keyNote}`,
        headers: IdempotencyHeaders,
        body: SingleEnrichBody,
        response: { 200: SingleEnrichResponse, ...errors, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const once = { teamId: actor.teamId, userId: actor.userId, key: request.headers['idempotency-key'], route: 'POST /api/v1/prospects-enrichment/single', body: request.body };
      return runOnce(
        ctx.db,
        once,
        async () => {
          const providers = enrichmentProviders(ctx, await pricingOf(ctx.db, actor.userId), { onNote: (note) => request.log.info(note) });
          return { data: await enrichSingle(ctx, actor, request.body, providers) };
        },
        () => void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'),
      );
    },
  );

  app.post(
    '/api/v1/prospects-enrichment/bulk',
    {
      schema: {
        tags,
        summary: 'Enrich a selection, a file, the current search or a list into a list, as a job',
        description: `Prospects another run is enriching are left to it: two runs over the same people split them, and a run left with none answers 409.${keyNote}`,
        headers: IdempotencyHeaders,
        body: BulkEnrichBody,
        response: { 200: BulkEnrichResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const once = { teamId: actor.teamId, userId: actor.userId, key: request.headers['idempotency-key'], route: 'POST /api/v1/prospects-enrichment/bulk', body: request.body };
      return runOnce(
        ctx.db,
        once,
        async () => ({ data: await startBulkEnrichment(ctx, actor, request.body) }),
        () => void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'),
      );
    },
  );
};
