import { ErrorBody, IcpCreateBody, IcpCreateResponse, IcpDeleteBody, IcpDeleteResponse, IcpListResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { createIcp, deleteIcp, listIcps } from './icp-filters.service.js';

const tags = ['icp-filters'];

export const icpFiltersRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/icp-filters/get',
    { schema: { tags, summary: "The team's ideal customer profiles, each with how many people match it now", response: { 200: IcpListResponse } } },
    async (request) => ({ data: await listIcps(ctx.db, actorOf(request)) }),
  );

  app.post(
    '/icp-filters/create',
    {
      schema: {
        tags,
        summary: 'Save an ICP: a name unique in the team (any case) and at least one of level, department, location, industry, size',
        body: IcpCreateBody,
        response: { 201: IcpCreateResponse, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createIcp(ctx.db, actorOf(request), request.body) }),
  );

  app.delete(
    '/icp-filters/delete',
    { schema: { tags, summary: 'Delete an ICP by its name', body: IcpDeleteBody, response: { 200: IcpDeleteResponse, 404: ErrorBody } } },
    async (request) => ({ data: await deleteIcp(ctx.db, actorOf(request), request.body.name) }),
  );
};
