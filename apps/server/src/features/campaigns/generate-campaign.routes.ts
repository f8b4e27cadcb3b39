import { ErrorBody } from '@leadline/shared';
import { GenerateCampaignBody, GenerateCampaignResponse } from '@leadline/shared/agents/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { generateCampaign } from './generate-campaign.service.js';

export const generateCampaignRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/campaigns/generate',
    {
      schema: {
        tags: ['campaigns', 'ai'],
        summary: "Write a campaign's email sequence with AI from its context, audience and knowledge profile ('AI email', 5 credits per email); nothing is saved",
        body: GenerateCampaignBody,
        response: { 200: GenerateCampaignResponse, 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => generateCampaign(ctx, actorOf(request), request.body),
  );
};
