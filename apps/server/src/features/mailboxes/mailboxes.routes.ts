import { EmailAccountsResponse, ErrorBody, ImapConnectBody, ImapConnectResponse } from '@leadline/shared';
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
};
