import { ErrorBody } from '@leadline/shared';
import { CampaignCreateBody, CampaignDeleteResponse, CampaignIdParams, CampaignLeadActionResponse, CampaignLeadBody, CampaignLeadsQuery, CampaignLeadsResponse, CampaignListQuery, CampaignListResponse, CampaignPreviewBody, CampaignPreviewResponse, CampaignResponse, CampaignTaskDoneBody, CampaignTasksResponse, CampaignUpdateBody } from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './campaigns.service.js';
import { generateCampaignRoutes } from './generate-campaign.routes.js';
import { campaignExportRoutes } from './campaign-export.routes.js';
import { campaignTimelineRoutes } from './campaign-timeline.routes.js';
import { campaignTemplateRoutes } from './campaign-templates.routes.js';
import { suppressionRoutes } from './suppressions.routes.js';
import { trackingRoutes } from './tracking.routes.js';
import { suppressionImportRoutes } from './suppressions-import.routes.js';
import * as tasks from './tasks.service.js';

const tags = ['campaigns'];
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const campaignsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a draft campaign: lists (audience), sender mailboxes, schedule, daily limit and steps',
        description:
          'Schedule days are weekday numbers 0-6 with Sunday 0; start and end are HH:mm in the time zone. Step types: email, linkedin_request, linkedin_message, call, task. An empty subject on a later email step replies in the same thread. Variables such as {{firstName}} take a fallback {{firstName|there}}; unknown variables are refused here.',
        body: CampaignCreateBody,
        response: { 201: CampaignResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.createCampaign(ctx.db, actorOf(request), request.body) }),
  );

  app.get(
    '/api/v1/campaigns',
    { schema: { tags, summary: "The team's campaigns with their counts, newest first", querystring: CampaignListQuery, response: { 200: CampaignListResponse, 400: ErrorBody } } },
    async (request) => ({ data: await service.listCampaigns(ctx.db, actorOf(request), request.query.status) }),
  );

  app.get(
    '/api/v1/campaigns/:id',
    { schema: { tags, summary: 'A campaign with its settings, steps, and counts overall and per step', params: CampaignIdParams, response: { 200: CampaignResponse, ...errors } } },
    async (request) => ({ data: await service.getCampaign(ctx.db, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/api/v1/campaigns/:id',
    {
      schema: {
        tags,
        summary: "Change a campaign; once launched, steps some lead has reached stay as they are and later steps change",
        params: CampaignIdParams,
        body: CampaignUpdateBody,
        response: { 200: CampaignResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.updateCampaign(ctx.db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/campaigns/:id',
    { schema: { tags, summary: 'Delete a campaign, its leads and its history', params: CampaignIdParams, response: { 200: CampaignDeleteResponse, ...errors } } },
    async (request) => ({ data: await service.deleteCampaign(ctx.db, actorOf(request), request.params.id) }),
  );

  const action = (name: string, summary: string, run: (id: string, request: Parameters<typeof actorOf>[0]) => Promise<unknown>) =>
    app.post(
      `/api/v1/campaigns/:id/${name}`,
      { schema: { tags, summary, params: CampaignIdParams, response: { 200: CampaignResponse, ...errors } } },
      async (request) => ({ data: (await run(request.params.id, request)) as never }),
    );
  action('launch', 'Launch a draft: enrol its lists (contacts without a usable email are kept as skipped, with the reason) and start sending', (id, r) =>
    service.launchCampaign(ctx.db, actorOf(r), id),
  );
  action('pause', 'Pause an active campaign', (id, r) => service.pauseCampaign(ctx.db, actorOf(r), id));
  action('resume', 'Resume a paused campaign (also one paused for lack of credits)', (id, r) => service.resumeCampaign(ctx.db, actorOf(r), id));
  action('archive', 'Archive a campaign: its active leads stop', (id, r) => service.archiveCampaign(ctx.db, actorOf(r), id));
  action('duplicate', 'Copy a campaign into a new draft', (id, r) => service.duplicateCampaign(ctx.db, actorOf(r), id));

  app.get(
    '/api/v1/campaigns/:id/leads',
    { schema: { tags, summary: "A campaign's leads with their status and next step, skipped ones with the reason", params: CampaignIdParams, querystring: CampaignLeadsQuery, response: { 200: CampaignLeadsResponse, ...errors } } },
    async (request) => service.listLeads(ctx.db, actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/campaigns/:id/preview',
    { schema: { tags, summary: 'A step rendered for a contact (by default the first lead), variables filled', params: CampaignIdParams, body: CampaignPreviewBody, response: { 200: CampaignPreviewResponse, ...errors } } },
    async (request) => ({ data: await service.previewStep(ctx.db, actorOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/api/v1/campaigns/:id/tasks',
    { schema: { tags, summary: "The campaign's open tasks: LinkedIn, call and task steps waiting for a person, oldest first", params: CampaignIdParams, response: { 200: CampaignTasksResponse, ...errors } } },
    async (request) => ({ data: await tasks.listOpenTasks(ctx.db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/v1/campaigns/:id/tasks/done',
    {
      schema: {
        tags,
        summary: "Mark a lead's task done (the lead is named by its contact): the lead moves on to its next step",
        params: CampaignIdParams,
        body: CampaignTaskDoneBody,
        response: { 200: CampaignLeadActionResponse, ...errors },
      },
    },
    async (request) => ({ data: await tasks.completeTask(ctx.db, actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/api/v1/campaigns/:id/interested',
    {
      schema: { tags, summary: 'Mark a lead interested (named by its contact): every remaining step stops', params: CampaignIdParams, body: CampaignLeadBody, response: { 200: CampaignLeadActionResponse, ...errors } },
    },
    async (request) => ({ data: await tasks.markInterested(ctx.db, actorOf(request), request.params.id, request.body) }),
  );

  await app.register(suppressionRoutes(ctx));
  await app.register(generateCampaignRoutes(ctx));
  await app.register(campaignTimelineRoutes(ctx));
  await app.register(campaignExportRoutes(ctx));
  await app.register(trackingRoutes(ctx));
  await app.register(campaignTemplateRoutes(ctx));
  await app.register(suppressionImportRoutes(ctx));
};
