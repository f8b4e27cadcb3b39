import {
  EmailAccount,
  EmailAccountsResponse,
  ErrorBody,
  ImapConnectBody,
  ImapConnectResponse,
  MailActiveQuery,
  MailDisconnectParams,
  MailDisconnectQuery,
  MailProvidersResponse,
  UpdateMailProfileBody,
} from '@leadline/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './mailboxes.service.js';

const tags = ['mailboxes'];

export const mailboxesRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/mail/imap/connect',
    {
      schema: {
        tags,
        summary: 'Connects an IMAP/SMTP mailbox after logging in to both servers',
        body: ImapConnectBody,
        response: { 200: ImapConnectResponse, 400: ErrorBody },
      },
    },
    async (request) => ({ data: { account: await service.connectImapAccount(ctx, actorOf(request), request.body) } }),
  );

  app.get(
    '/api/v1/mail/gmail/accounts',
    { schema: { tags, summary: "The caller's email accounts (Gmail, Outlook and IMAP)", response: { 200: EmailAccountsResponse } } },
    async (request) => ({ data: await service.listAccounts(ctx, actorOf(request)) }),
  );

  app.get(
    '/api/v1/mail/providers',
    { schema: { tags, summary: 'Which ways to connect a mailbox this server offers (Gmail and Outlook need their OAuth client ids)', response: { 200: MailProvidersResponse } } },
    async () => ({ data: { gmail: ctx.config.mailOAuth.gmail, outlook: ctx.config.mailOAuth.outlook, imap: true as const } }),
  );

  app.post(
    '/api/v1/mail/gmail/updateProfile',
    { schema: { tags, summary: "Email Settings: a mailbox's name, title and daily capacity (1..100)", body: UpdateMailProfileBody, response: { 200: z.object({ data: EmailAccount }), 404: ErrorBody } } },
    async (request) => ({ data: await service.updateProfile(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/api/v1/mail/gmail/active',
    { schema: { tags, summary: 'The mailbox-use switch', querystring: MailActiveQuery, response: { 200: z.object({ data: EmailAccount }), 404: ErrorBody } } },
    async (request) => ({ data: await service.setActive(ctx, actorOf(request), request.query.emailAddress, request.query.isActive) }),
  );

  app.get(
    '/api/v1/mail/:provider/disconnect',
    { schema: { tags, summary: 'Removes a mailbox and the mail stored from it', params: MailDisconnectParams, querystring: MailDisconnectQuery, response: { 200: z.object({ data: z.object({ disconnected: z.literal(true) }) }), 404: ErrorBody } } },
    async (request) => {
      await service.disconnect(ctx, actorOf(request), request.params.provider, request.query.emailAddress);
      return { data: { disconnected: true as const } };
    },
  );
};
