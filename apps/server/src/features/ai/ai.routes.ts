import { AiStatusResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.js';
import { aiStatus } from './ai.service.js';

export const aiRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/ai/status',
    { schema: { tags: ['ai'], summary: 'Whether this server has an AI provider (AI_BASE_URL and AI_MODEL); AI controls read it before offering themselves', response: { 200: AiStatusResponse } } },
    async () => aiStatus(ctx),
  );
};
