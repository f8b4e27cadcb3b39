import { ApiKeyCreateResponse, ApiKeyDeleteQuery, ApiKeyDeleteResponse, ApiKeysResponse, ErrorBody } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service.js';

const tags = ['api-keys'];

export const apiKeysRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/api_keys/create',
    {
      schema: {
        tags,
        summary: 'Create an API key (owner and admins, signed in): the whole key is in this answer only',
        response: { 201: ApiKeyCreateResponse, 403: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createApiKey(ctx.db, actorOf(request)) }),
  );

  app.get(
    '/api/v1/api_keys/getAll',
    { schema: { tags, summary: "The team's API keys, masked (owner and admins, signed in)", response: { 200: ApiKeysResponse } } },
    async (request) => ({ data: await listApiKeys(ctx.db, actorOf(request)) }),
  );

  app.delete(
    '/api/v1/api_keys/delete',
    {
      schema: {
        tags,
        summary: 'Delete an API key: calls with it are refused from now on (owner and admins, signed in)',
        querystring: ApiKeyDeleteQuery,
        response: { 200: ApiKeyDeleteResponse, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await deleteApiKey(ctx.db, actorOf(request), request.query.id) }),
  );
};
