import {
  ErrorBody,
  InvitationActionBody,
  InvitationActionResponse,
  InvitationPreviewResponse,
  InvitationsResponse,
  InvitationTokenParams,
  InviteBody,
  InviteResponse,
  MembersQuery,
  MemberResponse,
  MembersResponse,
  RemoveMemberBody,
  UpdateMemberBody,
} from '@leadline/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { inviteMembers, listMembers, listMyInvitations, previewInvitation, removeMember, respondToInvitation, updateMember } from './team-management.service.js';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const tags = ['team-management'];

export const teamManagementRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/team-management/invitations',
    {
      schema: {
        tags,
        summary: 'Invite colleagues with the same email domain (owner and admins); without mail, each answer carries its link',
        body: InviteBody,
        response: { 201: InviteResponse, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await inviteMembers(ctx, actorOf(request), request.body.members, origin(request)) }),
  );

  app.get(
    '/api/v1/team-management/invitations',
    { schema: { tags, summary: 'Pending invitations addressed to you', response: { 200: InvitationsResponse } } },
    async (request) => ({ data: await listMyInvitations(ctx, actorOf(request)) }),
  );

  app.get(
    '/api/v1/team-management/invitations/:token',
    {
      schema: { tags, summary: 'The team and role of an invitation link (anyone holding the link)', params: InvitationTokenParams, response: { 200: InvitationPreviewResponse, 404: ErrorBody } },
    },
    async (request) => ({ data: await previewInvitation(ctx.db, request.params.token) }),
  );

  app.patch(
    '/api/v1/team-management/invitations',
    {
      schema: {
        tags,
        summary: "Accept (join the team) or reject an invitation, with its link's secret",
        body: InvitationActionBody,
        response: { 200: InvitationActionResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await respondToInvitation(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/api/v1/team-management/members/getAll',
    { schema: { tags, summary: 'Members and invitations of your team (owner and admins)', querystring: MembersQuery, response: { 200: MembersResponse } } },
    async (request) => listMembers(ctx.db, actorOf(request), request.query),
  );

  app.patch(
    '/api/v1/team-management/members/update',
    {
      schema: {
        tags,
        summary: "Toggle a member's role (admin/member) or set their monthly credits cap, clamped to 1..the team's total (owner and admins)",
        body: UpdateMemberBody,
        response: { 200: MemberResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await updateMember(ctx.db, actorOf(request), request.body) }),
  );

  app.patch(
    '/api/v1/team-management/members/remove',
    {
      schema: {
        tags,
        summary: 'Remove a member or withdraw an invitation; what they created stays with the team (owner and admins)',
        body: RemoveMemberBody,
        response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await removeMember(ctx.db, actorOf(request), request.body.memberId);
      return reply.status(204).send(null);
    },
  );
};
