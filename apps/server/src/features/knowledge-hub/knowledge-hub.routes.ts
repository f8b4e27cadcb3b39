import fastifyMultipart from '@fastify/multipart';
import {
  AppError,
  CreateKnowledgeProfileBody,
  DeleteKnowledgeContentBody,
  ErrorBody,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  KnowledgeAttachmentResponse,
  KnowledgeOkResponse,
  KnowledgeProfileDetailResponse,
  KnowledgeProfileIdBody,
  KnowledgeProfileResponse,
  KnowledgeProfilesResponse,
  UpdateKnowledgeProfileBody,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { inboxAiRoutes } from './inbox-ai.routes.js';
import { readAttachment } from './knowledge-attachments.js';
import { createProfile, deleteContent, deleteProfile, getProfile, listProfiles, setDefaultProfile, updateProfile } from './knowledge-hub.service.js';

const tags = ['knowledge-hub'];

export const knowledgeHubRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: KNOWLEDGE_LIMITS.attachmentMaxBytes, files: 1, fields: 5, parts: 10 }, throwFileSizeLimit: false });
  await app.register(inboxAiRoutes(ctx));

  app.get(
    '/knowledge-hub/get-all-profiles',
    { schema: { tags, summary: 'Your knowledge hub profiles, each with its status and crawl progress', response: { 200: KnowledgeProfilesResponse } } },
    async (request) => ({ data: await listProfiles(ctx, actorOf(request)) }),
  );

  app.get(
    '/knowledge-hub/profile/:profileId',
    { schema: { tags, summary: 'One of your profiles with the sources read for it', params: KnowledgeProfileIdBody, response: { 200: KnowledgeProfileDetailResponse, 404: ErrorBody } } },
    async (request) => ({ data: await getProfile(ctx, actorOf(request), request.params.profileId) }),
  );

  app.post(
    '/knowledge-hub/create-profile-state-machine',
    {
      schema: {
        tags,
        summary: 'Create a profile from root URLs (optionally up to 100 subpages each) and context texts; a job crawls, extracts and indexes it',
        body: CreateKnowledgeProfileBody,
        response: { 201: KnowledgeProfileResponse, 400: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createProfile(ctx, actorOf(request), request.body), message: KNOWLEDGE_MESSAGES.createStarted }),
  );

  app.patch(
    '/knowledge-hub/profile',
    { schema: { tags, summary: 'Rename a profile or add root URLs and context texts (added content is crawled again)', body: UpdateKnowledgeProfileBody, response: { 200: KnowledgeProfileResponse, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => ({ data: await updateProfile(ctx, actorOf(request), request.body) }),
  );

  app.delete(
    '/knowledge-hub/profile/content',
    { schema: { tags, summary: "Remove a root URL or a context item from a profile, with what was read from it", body: DeleteKnowledgeContentBody, response: { 200: KnowledgeProfileResponse, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => ({ data: await deleteContent(ctx, actorOf(request), request.body) }),
  );

  app.post(
    '/knowledge-hub/delete-profile-vs-id',
    { schema: { tags, summary: 'Delete a profile and its index (its vector store)', body: KnowledgeProfileIdBody, response: { 200: KnowledgeOkResponse, 404: ErrorBody } } },
    async (request) => {
      await deleteProfile(ctx, actorOf(request), request.body.profileId);
      return { success: true as const, message: KNOWLEDGE_MESSAGES.deleted };
    },
  );

  app.post(
    '/knowledge-hub/set-default-kh-profile',
    { schema: { tags, summary: 'Make a profile your default (exactly one at a time)', body: KnowledgeProfileIdBody, response: { 200: KnowledgeProfileResponse, 404: ErrorBody } } },
    async (request) => ({ data: await setDefaultProfile(ctx, actorOf(request), request.body.profileId), message: KNOWLEDGE_MESSAGES.defaultSet }),
  );

  app.post(
    '/knowledge-hub/attachments',
    {
      schema: {
        tags,
        summary: 'Read the text of a .pdf or .docx (multipart field `file`, at most 5 MB) for a profile\'s context; nothing is stored',
        consumes: ['multipart/form-data'],
        querystring: z.object({}),
        response: { 200: KnowledgeAttachmentResponse, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION_FAILED', KNOWLEDGE_MESSAGES.unsupportedFile, { field: 'file' });
      }
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', KNOWLEDGE_MESSAGES.fileTooLarge, { field: 'file' });
      return { data: await readAttachment(part.filename, bytes) };
    },
  );
};
