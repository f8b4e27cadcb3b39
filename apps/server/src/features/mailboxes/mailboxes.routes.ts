import {
  EmailAccount,
  EmailAccountsResponse,
  ErrorBody,
  ImapConnectBody,
  ImapConnectResponse,
  MailActiveQuery,
  MailDisconnectParams,
  MailDisconnectQuery,
  MailHealthQuery,
  MailHealthResponse,
  MAIL_OAUTH_PROVIDERS,
  MailOAuthAuthQuery,
  MailOAuthCallbackQuery,
  MailOAuthUrlResponse,
  MailProvidersResponse,
  UpdateMailProfileBody,
} from '@leadline/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { finishMailOAuth, mailOAuthUrl } from './mail-oauth.service.js';
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
    async () => {
      const configured = (p: 'gmail' | 'outlook') => Boolean(ctx.config.mailOAuth[p].clientId && ctx.config.mailOAuth[p].clientSecret);
      return { data: { gmail: configured('gmail'), outlook: configured('outlook'), imap: true as const } };
    },
  );

  app.get(
    '/api/v1/mail/health',
    { schema: { tags, summary: "Health of a mailbox's domain: MX, SPF, DKIM and DMARC by DNS, with what to fix", querystring: MailHealthQuery, response: { 200: MailHealthResponse, 404: ErrorBody } } },
    async (request) => ({ data: await service.accountHealth(ctx, actorOf(request), request.query.emailAddress) }),
  );

  // One static path per provider: '/mail/gmail/:category' (the inbox) would otherwise take '/mail/gmail/auth'.
  for (const provider of MAIL_OAUTH_PROVIDERS) {
    app.get(
      `/api/v1/mail/${provider}/auth`,
      { schema: { tags, summary: `The consent URL to connect a ${provider === 'gmail' ? 'Gmail' : 'Outlook'} mailbox (OAuth 2 with PKCE)`, querystring: MailOAuthAuthQuery, response: { 200: MailOAuthUrlResponse, 503: ErrorBody } } },
      async (request) => ({ data: { url: await mailOAuthUrl(ctx, actorOf(request), provider, request.query.emailAddress) } }),
    );
    app.get(
      `/api/v1/mail/${provider}/oauth2callback`,
      {
        schema: {
          tags,
          summary: `Redeems the ${provider === 'gmail' ? 'Google' : 'Microsoft'} authorization code, checks the mailbox over IMAP (XOAUTH2) and stores its tokens sealed`,
          querystring: MailOAuthCallbackQuery,
          response: { 200: ImapConnectResponse, 400: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => ({ data: { account: await finishMailOAuth(ctx, actorOf(request), provider, request.query) } }),
    );
    app.get(
      `/api/v1/mail/${provider}/disconnect`,
      { schema: { tags, summary: `Removes a ${provider === 'gmail' ? 'Gmail' : 'Outlook'} mailbox and the mail stored from it`, querystring: MailDisconnectQuery, response: { 200: z.object({ data: z.object({ disconnected: z.literal(true) }) }), 404: ErrorBody } } },
      async (request) => {
        await service.disconnect(ctx, actorOf(request), provider, request.query.emailAddress);
        return { data: { disconnected: true as const } };
      },
    );
  }

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
