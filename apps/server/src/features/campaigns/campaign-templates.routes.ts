import { ErrorBody } from '@leadline/shared';
import {
  CampaignTemplateCreateBody,
  CampaignTemplateDeleteResponse,
  CampaignTemplateIdParams,
  CampaignTemplateListResponse,
  CampaignTemplateResponse,
  CampaignTemplateUpdateBody,
} from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './campaign-templates.service.js';

const tags = ['campaigns'];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const campaignTemplateRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/v1/campaign-templates',
    { schema: { tags, summary: "Campaign templates: the built-in ones (read-only), then the team's own, newest first", response: { 200: CampaignTemplateListResponse } } },
    async (request) => ({ data: await service.listTemplates(ctx.db, actorOf(request)) }),
  );

  app.get(
    '/api/v1/campaign-templates/:id',
    { schema: { tags, summary: 'A template with its steps (a uuid for the team\'s own, builtin-<name> for a built-in one)', params: CampaignTemplateIdParams, response: { 200: CampaignTemplateResponse, ...errors } } },
    async (request) => ({ data: await service.getTemplate(ctx.db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/v1/campaign-templates',
    {
      schema: {
        tags,
        summary: "Save steps as a template: the steps given, or a copy of a campaign's steps (campaignId)",
        description: 'Steps follow the campaign steps schema: unknown variables are refused. Names are unique in a team, ignoring case.',
        body: CampaignTemplateCreateBody,
        response: { 201: CampaignTemplateResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.createTemplate(ctx.db, actorOf(request), request.body) }),
  );

  app.patch(
    '/api/v1/campaign-templates/:id',
    { schema: { tags, summary: "Rename one of the team's templates, or rewrite its steps (built-in ones are read-only: 403)", params: CampaignTemplateIdParams, body: CampaignTemplateUpdateBody, response: { 200: CampaignTemplateResponse, ...errors } } },
    async (request) => ({ data: await service.updateTemplate(ctx.db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/campaign-templates/:id',
    { schema: { tags, summary: "Delete one of the team's templates (built-in ones are read-only: 403)", params: CampaignTemplateIdParams, response: { 200: CampaignTemplateDeleteResponse, ...errors } } },
    async (request) => ({ data: await service.deleteTemplate(ctx.db, actorOf(request), request.params.id) }),
  );
};
