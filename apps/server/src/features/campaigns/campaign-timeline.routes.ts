import { ErrorBody } from '@leadline/shared';
import { CampaignLeadParams, CampaignTimelineResponse } from '@leadline/shared/campaigns/timeline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { leadTimeline } from './campaign-timeline.service.js';

export const campaignTimelineRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/v1/campaigns/:id/leads/:leadId/timeline',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A lead's timeline in a campaign: enrolled or skipped (with the reason), each email sent, opened and clicked when tracked, replies, bounces, unsubscribes, tasks, and the next email due",
        params: CampaignLeadParams,
        response: { 200: CampaignTimelineResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await leadTimeline(ctx.db, actorOf(request), request.params.id, request.params.leadId) }),
  );
};
