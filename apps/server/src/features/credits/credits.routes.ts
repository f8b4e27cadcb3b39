import { CreditsInfoResponse, UserCreditsUsedResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { getCreditsInfo, getUserCreditsUsed } from './credits.service.js';

const tags = ['credits'];

export const creditsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/credits/getUserCreditsUsed',
    { schema: { tags, summary: 'Credits you used this month (UTC) and your cap', response: { 200: UserCreditsUsedResponse } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: await getUserCreditsUsed(ctx.db, actor.teamId, actor.userId) };
    },
  );

  app.get(
    '/analytics/getCreditsInfo',
    { schema: { tags, summary: "Your team's credits for the current period, with its status level", response: { 200: CreditsInfoResponse } } },
    async (request) => ({ data: await getCreditsInfo(ctx.db, actorOf(request).teamId) }),
  );
};
