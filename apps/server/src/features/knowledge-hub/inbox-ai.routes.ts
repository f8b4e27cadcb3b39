import {
  ErrorBody,
  GenerateEmailFromSubjectBody,
  GenerateEmailReplyBody,
  GenerateEmailReplyResponse,
  GenerateEmailResponse,
  GenerateLinkedinReplyBody,
  GenerateThreadSummaryBody,
  GenerateThreadSummaryResponse,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { generateEmailFromSubject, generateEmailReply, generateLinkedinReply, generateThreadSummary } from './inbox-ai.service.js';

const tags = ['ai'];
/** 402 short of credits, 404 not your email, 503 no AI configured or the provider failed. */
const failures = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 503: ErrorBody };

export const inboxAiRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/knowledge-hub/generate-email-reply',
    { schema: { tags, summary: "Draft a reply to an email's thread, grounded on your knowledge profile ('AI email', 5 credits); nothing is sent", body: GenerateEmailReplyBody, response: { 200: GenerateEmailReplyResponse, ...failures } } },
    async (request) => generateEmailReply(ctx, actorOf(request), request.body),
  );
  app.post(
    '/knowledge-hub/generate-email-from-subject-line',
    { schema: { tags, summary: "Draft an email for a subject line, grounded on your knowledge profile ('AI email', 5 credits)", body: GenerateEmailFromSubjectBody, response: { 200: GenerateEmailResponse, ...failures } } },
    async (request) => generateEmailFromSubject(ctx, actorOf(request), request.body),
  );
  app.post(
    '/knowledge-hub/generate-email-thread-summary',
    { schema: { tags, summary: "Summarise an email's thread (no credits)", body: GenerateThreadSummaryBody, response: { 200: GenerateThreadSummaryResponse, ...failures } } },
    async (request) => generateThreadSummary(ctx, actorOf(request), request.body),
  );
  app.post(
    '/knowledge-hub/generate-linkedin-reply',
    { schema: { tags, summary: "Draft a LinkedIn reply to a conversation ('AI email', 5 credits)", body: GenerateLinkedinReplyBody, response: { 200: GenerateEmailReplyResponse, ...failures } } },
    async (request) => generateLinkedinReply(ctx, actorOf(request), request.body),
  );
};
