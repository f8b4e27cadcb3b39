import {
  AllowedDomainsBody,
  AllowedDomainsResponse,
  ErrorBody,
  MeResponse,
  OnboardBody,
  OnboardingStateResponse,
  OnboardResponse,
  ToursResponse,
  TourQuery,
  UserInfoBody,
} from '@leadline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { getMe } from '../auth/index.js';
import { completeTour, getOnboardingState, listAllowedDomains, onboardCompany, replayTours, setAllowedDomains, updateUserInfo } from './onboarding.service.js';

const tags = ['onboarding'];

export const onboardingRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  // The script tag names this server as users reach it: PUBLIC_URL when set.
  const origin = (request: FastifyRequest) => ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/api/v1/onboarding',
    { schema: { tags, summary: 'Your onboarding step, the knowledge hub profile the company step created, the allowed domains and the script tag', response: { 200: OnboardingStateResponse } } },
    async (request) => ({ data: await getOnboardingState(ctx, actorOf(request), { origin: origin(request), contactSalesUrl: ctx.config.contactSalesUrl }) }),
  );

  app.put(
    '/userInfo',
    {
      schema: {
        tags: ['company'],
        summary: "Update the company's name and website, your onboarding step or the team's enrichment preference",
        body: UserInfoBody,
        response: { 200: MeResponse, 400: ErrorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateUserInfo(ctx.db, actor, request.body);
      return getMe(ctx.db, actor.userId);
    },
  );

  app.post(
    '/onboard',
    {
      schema: {
        tags,
        summary: "The company step: names the team, creates its knowledge hub profile 'My First Knowledge Hub' from the company's and competitors' sites (saving again updates it), moves on to integrations",
        body: OnboardBody,
        response: { 200: OnboardResponse, 400: ErrorBody },
      },
    },
    async (request) => ({ data: await onboardCompany(ctx, actorOf(request), request.body) }),
  );

  app.post(
    '/api/v1/onboarding/tours',
    { schema: { tags, summary: 'Record a guided tour as completed (finished or skipped)', querystring: TourQuery, response: { 200: ToursResponse, 400: ErrorBody } } },
    async (request) => ({ data: await completeTour(ctx.db, actorOf(request), request.query.tourId) }),
  );

  app.delete(
    '/api/v1/onboarding/tours',
    { schema: { tags, summary: 'Replay tours: clear your completed tours', response: { 200: ToursResponse } } },
    async (request) => ({ data: await replayTours(ctx.db, actorOf(request)) }),
  );

  app.get(
    '/ip-addresses/domains',
    { schema: { tags, summary: "The team's allowed domains for website visitor tracking", response: { 200: AllowedDomainsResponse } } },
    async (request) => ({ data: await listAllowedDomains(ctx.db, actorOf(request)) }),
  );

  app.put(
    '/ip-addresses',
    { schema: { tags, summary: "Replace the team's allowed domains for website visitor tracking", body: AllowedDomainsBody, response: { 200: AllowedDomainsResponse, 400: ErrorBody } } },
    async (request) => ({ data: await setAllowedDomains(ctx.db, actorOf(request), request.body) }),
  );
};
