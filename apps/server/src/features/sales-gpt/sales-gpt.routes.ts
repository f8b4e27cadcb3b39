import {
  AppError,
  ConfirmToolBody,
  ConversationIdParams,
  ConversationMessagesResponse,
  ConversationResponse,
  ConversationsResponse,
  CreateConversationBody,
  DeleteConversationResponse,
  ErrorBody,
  RenameConversationBody,
  SendChatMessageBody,
  type ChatStreamEvent,
} from '@leadline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as chat from './sales-gpt.service.js';

const tags = ['sales-gpt'];
const BASE = '/api/v1/sales-gpt/conversations';

/** Streams a turn as server-sent events; a failure after the stream opened is an `error` event. */
async function streamTurn(request: FastifyRequest, reply: FastifyReply, turn: chat.Turn) {
  const abort = new AbortController();
  // The request's own 'close' has fired once its body was read; the response's tells that the member went away.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
  const emit = (event: ChatStreamEvent) => {
    if (!reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  try {
    await turn.run(emit, abort.signal);
    emit({ type: 'done' });
  } catch (error) {
    if (error instanceof AppError) emit({ type: 'error', code: error.code, message: error.message });
    else {
      request.log.error({ err: error }, 'SalesGPT turn failed');
      emit({ type: 'error', code: 'INTERNAL', message: 'Something went wrong. Please try again later!' });
    }
  } finally {
    reply.raw.end();
  }
}

export const salesGptRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(BASE, { schema: { tags, summary: "The member's SalesGPT conversations, newest first", response: { 200: ConversationsResponse } } }, async (request) => ({
    data: await chat.listConversations(ctx, actorOf(request)),
  }));

  app.post(
    BASE,
    { schema: { tags, summary: 'Start a SalesGPT conversation', body: CreateConversationBody, response: { 201: ConversationResponse, 400: ErrorBody } } },
    async (request, reply) => reply.status(201).send({ data: await chat.createConversation(ctx, actorOf(request), request.body) }),
  );

  app.get(
    `${BASE}/:conversationId`,
    { schema: { tags, summary: 'A conversation and its messages', params: ConversationIdParams, response: { 200: ConversationMessagesResponse, 404: ErrorBody } } },
    async (request) => ({ data: await chat.getConversation(ctx, actorOf(request), request.params.conversationId) }),
  );

  app.patch(
    `${BASE}/:conversationId`,
    { schema: { tags, summary: 'Rename a conversation', params: ConversationIdParams, body: RenameConversationBody, response: { 200: ConversationResponse, 404: ErrorBody } } },
    async (request) => ({ data: await chat.renameConversation(ctx, actorOf(request), request.params.conversationId, request.body.title) }),
  );

  app.delete(
    `${BASE}/:conversationId`,
    { schema: { tags, summary: 'Delete a conversation and its messages', params: ConversationIdParams, response: { 200: DeleteConversationResponse, 404: ErrorBody } } },
    async (request) => ({ data: await chat.deleteConversation(ctx, actorOf(request), request.params.conversationId) }),
  );

  app.post(
    `${BASE}/:conversationId/messages`,
    {
      schema: {
        tags,
        summary: 'Send a message; the answer streams as server-sent events (text, message, error, done)',
        params: ConversationIdParams,
        body: SendChatMessageBody,
        response: { 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => streamTurn(request, reply, await chat.startMessage(ctx, actorOf(request), request.params.conversationId, request.body.content)),
  );

  app.post(
    `${BASE}/:conversationId/confirm`,
    {
      schema: {
        tags,
        summary: 'Approve or decline an action the model asked for; the rest of the answer streams as server-sent events',
        params: ConversationIdParams,
        body: ConfirmToolBody,
        response: { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => streamTurn(request, reply, await chat.startConfirmation(ctx, actorOf(request), request.params.conversationId, request.body)),
  );
};
