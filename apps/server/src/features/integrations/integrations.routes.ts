import {
  CrmAuthDataResponse,
  CrmConnectionDataResponse,
  CrmService,
  CrmSettingsResponse,
  ErrorBody,
  IntegrationService,
  IntegrationsStatusResponse,
  OAuthCallbackQuery,
  OAuthCallbackResponse,
  OAuthService,
  OAuthUrlResponse,
  PushBody,
  PushService,
  SlackSettingsResponse,
  SyncJobResponse,
  ZapierSettingsResponse,
  type CrmSettings,
  type SlackSettings,
  type ZapierSettings,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './integrations.service.js';

const tags = ['integrations'];
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** Settings answer per service: CRM settings, Zapier links and options, or Slack's state. */
const SettingsResponse = z.union([CrmSettingsResponse, ZapierSettingsResponse, SlackSettingsResponse]);

export const integrationsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/v1/integrations',
    { schema: { tags, summary: 'Which services the server can reach and which the team connected', response: { 200: IntegrationsStatusResponse } } },
    async (request) => ({ data: await service.integrationsStatus(ctx, actorOf(request)) }),
  );

  app.post(
    '/api/v1/integrations/:service/oauth2url',
    {
      schema: {
        tags,
        summary: "The provider's authorize URL to connect HubSpot, Salesforce or Slack",
        params: z.object({ service: OAuthService }),
        response: { 200: OAuthUrlResponse, ...errors },
      },
    },
    async (request) => ({ data: { url: await service.oauthUrl(ctx, actorOf(request), request.params.service) } }),
  );

  app.get(
    '/api/v1/integrations/:service/oauth2callback',
    {
      schema: {
        tags,
        summary: 'Exchanges the authorization code and stores the tokens, encrypted',
        params: z.object({ service: OAuthService }),
        querystring: OAuthCallbackQuery,
        response: { 200: OAuthCallbackResponse, ...errors },
      },
    },
    async (request) => {
      await service.oauthCallback(ctx, actorOf(request), request.params.service, request.query);
      return { data: { service: request.params.service, connected: true as const } };
    },
  );

  app.delete(
    '/api/v1/integrations/:service/disconnect',
    { schema: { tags, summary: 'Disconnects a service and forgets its tokens', params: z.object({ service: IntegrationService }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.disconnect(ctx, actorOf(request), request.params.service);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/integrations/:service/settings',
    { schema: { tags, summary: "A service's settings", params: z.object({ service: IntegrationService }), response: { 200: SettingsResponse, ...errors } } },
    async (request) => ({ data: (await service.getSettings(ctx, actorOf(request), request.params.service)) as CrmSettings & ZapierSettings & SlackSettings }),
  );

  app.put(
    '/api/v1/integrations/:service/settings',
    {
      schema: {
        tags,
        summary: 'Saves CRM settings, Zapier links and options, or the Slack channel (validated per service)',
        params: z.object({ service: IntegrationService }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: SettingsResponse, ...errors },
      },
    },
    async (request) => ({ data: (await service.updateSettings(ctx, actorOf(request), request.params.service, request.body)) as CrmSettings & ZapierSettings & SlackSettings }),
  );

  app.post(
    '/api/v1/integrations/zapier/testtrigger',
    { schema: { tags, summary: "Sends a sample prospect to each of the team's Zapier webhooks", response: { 200: z.object({ data: z.object({ sent: z.number().int() }) }), ...errors } } },
    async (request) => ({ data: await service.zapierTestTrigger(ctx, actorOf(request)) }),
  );

  app.post(
    '/api/v1/integrations/:service/data/push',
    {
      schema: {
        tags,
        summary: 'Pushes lists and prospects to the CRM or Zapier, as a job',
        params: z.object({ service: PushService }),
        body: PushBody,
        response: { 200: SyncJobResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.startPush(ctx, actorOf(request), request.params.service, request.body) }),
  );

  app.post(
    '/api/v1/integrations/:service/data/pull',
    { schema: { tags, summary: "Pulls the CRM's contacts into a system list, as a job", params: z.object({ service: CrmService }), response: { 200: SyncJobResponse, ...errors } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: await service.startPull(ctx, actor.teamId, actor.userId, request.params.service) };
    },
  );

  app.get(
    '/api/v1/integrations/crm/team/connectiondata',
    { schema: { tags, summary: "The team's CRM and the members connected to it", response: { 200: CrmConnectionDataResponse } } },
    async (request) => ({ data: await service.crmConnectionData(ctx, actorOf(request)) }),
  );

  app.get(
    '/api/v1/integrations/crm/authdata',
    { schema: { tags, summary: "The team's connected CRM: name, account email and portal", response: { 200: CrmAuthDataResponse } } },
    async (request) => ({ data: await service.crmAuthData(ctx, actorOf(request)) }),
  );
};
