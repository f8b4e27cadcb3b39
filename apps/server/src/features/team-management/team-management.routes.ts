import {
  ErrorBody,
  InvitationActionBody,
  InvitationActionResponse,
  InvitationsResponse,
  InviteBody,
  InviteResponse,
  MembersQuery,
  MembersResponse,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { inviteMembers, listMembers, listMyInvitations, respondToInvitation } from './team-management.service.js';

const tags = ['team-management'];

export const teamManagementRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/team-management/invitations',
    {
      schema: {
        tags,
        summary: 'Invite colleagues with the same email domain (owner and admins)',
        body: InviteBody,
        response: { 201: InviteResponse, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await inviteMembers(ctx.db, actorOf(request), request.body.members) }),
  );

  app.get(
    '/api/v1/team-management/invitations',
    { schema: { tags, summary: 'Pending invitations addressed to you', response: { 200: InvitationsResponse } } },
    async (request) => ({ data: await listMyInvitations(ctx.db, actorOf(request)) }),
  );

  app.patch(
    '/api/v1/team-management/invitations',
    {
      schema: { tags, summary: 'Accept (join the team) or reject an invitation', body: InvitationActionBody, response: { 200: InvitationActionResponse, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => ({ data: await respondToInvitation(ctx.db, actorOf(request), request.body) }),
  );

  app.get(
    '/api/v1/team-management/members/getAll',
    { schema: { tags, summary: 'Members and invitations of your team (owner and admins)', querystring: MembersQuery, response: { 200: MembersResponse } } },
    async (request) => listMembers(ctx.db, actorOf(request), request.query),
  );
};
