import { JobIdParams, JobListQuery, JobListResponse, JobProgressResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { getJobProgress, listJobProgress } from './progress.service.js';

export const progressRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/v1/jobs/:id',
    { schema: { tags: ['jobs'], summary: 'Progress of one long-running job of your team', params: JobIdParams, response: { 200: JobProgressResponse } } },
    async (request) => ({ data: await getJobProgress(ctx.db, actorOf(request).teamId, request.params.id) }),
  );
  app.get(
    '/api/v1/jobs',
    { schema: { tags: ['jobs'], summary: 'Recent jobs of your team, newest first', querystring: JobListQuery, response: { 200: JobListResponse } } },
    async (request) => ({ data: await listJobProgress(ctx.db, actorOf(request).teamId, request.query) }),
  );
};
