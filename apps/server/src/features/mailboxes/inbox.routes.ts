import {
  ErrorBody,
  FlagBody,
  FlagParams,
  FlagResponse,
  InboxCategory,
  InboxListQuery,
  InboxListResponse,
  InboxTagsResponse,
  MAIL_FRAME_SANDBOX,
  MessageBodyQuery,
  MessageBodyResponse,
  ThreadResponse,
  UpdateTagsBody,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as flags from './message-flags.service.js';
import * as service from './inbox.service.js';
import { mailCsp } from './message-html.js';

const tags = ['inbox'];
const MessageParams = z.object({ id: z.uuid() });

/** An attachment's name as an ASCII fallback and an RFC 5987 UTF-8 form. */
const disposition = (filename: string) => `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

export const inboxRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/v1/mail/gmail/:category',
    {
      schema: {
        tags,
        summary: "A page of the caller's mail in a category (inbox, sent, favorite, archived, spam, trash, all), newest first, with full-text search",
        params: z.object({ category: InboxCategory }),
        querystring: InboxListQuery,
        response: { 200: InboxListResponse },
      },
    },
    async (request) => ({ data: await service.listInbox(ctx, actorOf(request), request.params.category, request.query) }),
  );

  app.get(
    '/api/v1/mail/gmail/thread/:id',
    { schema: { tags, summary: 'The messages of the thread a message belongs to, oldest first', params: MessageParams, response: { 200: ThreadResponse, 404: ErrorBody } } },
    async (request) => ({ data: await service.thread(ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/v1/mail/gmail/message/:id',
    {
      schema: {
        tags,
        summary: 'A message for reading: a sanitized document for a sandboxed frame, remote images left out unless showImages',
        params: MessageParams,
        querystring: MessageBodyQuery,
        response: { 200: MessageBodyResponse, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await service.messageBody(ctx, actorOf(request), request.params.id, request.query.showImages) }),
  );

  app.get(
    '/api/v1/mail/gmail/message/:id/document',
    {
      schema: {
        tags,
        summary: "A message's sanitized document, loaded by the reading frame: its own CSP lets remote images load only with showImages",
        params: MessageParams,
        querystring: MessageBodyQuery,
      },
    },
    async (request, reply) => {
      const document = await service.messageDocument(ctx, actorOf(request), request.params.id, request.query.showImages);
      // The frame's own document, not a srcdoc: a srcdoc frame would take the app's policy, which
      // then had to allow remote images everywhere for "Show images" to work.
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', `${mailCsp(request.query.showImages)}; frame-ancestors 'self'; sandbox ${MAIL_FRAME_SANDBOX}`)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'private, no-store')
        .send(document);
    },
  );

  app.get(
    '/api/v1/mail/gmail/message/:id/attachments/:index',
    { schema: { tags, summary: "A message's attachment, as a download", params: MessageParams.extend({ index: z.coerce.number().int().min(0).max(1000) }) } },
    async (request, reply) => {
      const file = await service.attachment(ctx, actorOf(request), request.params.id, request.params.index);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', disposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.content);
    },
  );

  app.post(
    '/api/v1/inbox/:emailType/:action',
    {
      schema: {
        tags,
        summary: 'Sets a flag (favorite, read) or moves the message (archived, deleted, spam) on the mail server, then here',
        params: FlagParams,
        body: FlagBody,
        response: { 200: FlagResponse, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await flags.setFlag(ctx, actorOf(request), request.params.action, request.body) }),
  );

  app.get(
    '/api/v1/inbox/gmail/getInboxTags',
    { schema: { tags, summary: "Every tag on the caller's messages", response: { 200: InboxTagsResponse } } },
    async (request) => ({ tags: await service.inboxTags(ctx, actorOf(request)) }),
  );

  app.post(
    '/api/v1/inbox/gmail/updateTags',
    { schema: { tags, summary: "Replaces a message's tags (IMAP keywords) on the mail server, then here", body: UpdateTagsBody, response: { 200: FlagResponse, 404: ErrorBody, 409: ErrorBody } } },
    async (request) => ({ data: await flags.updateTags(ctx, actorOf(request), request.body._id, request.body.tags) }),
  );
};
