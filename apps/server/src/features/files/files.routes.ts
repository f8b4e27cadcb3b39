import fastifyMultipart from '@fastify/multipart';
import { AppError, ErrorBody, FILE_MESSAGES, UploadFileResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { presentUpload, receiveUpload } from './files.service.js';

const tags = ['files'];

export const filesRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  // Registered here, so multipart parsing exists only for the routes of this plugin.
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
    // The size limit is checked by the service on `file.truncated`, so it can clean up first.
    throwFileSizeLimit: false,
  });

  app.post(
    '/api/v1/files',
    {
      schema: {
        tags,
        summary: 'Upload a .csv, .xls or .xlsx file (multipart field `file`, at most 1 GiB) for an import',
        consumes: ['multipart/form-data'],
        response: { 201: UploadFileResponse, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.noFile, { field: 'file' });
      }
      const upload = await receiveUpload(ctx, actor, { fileName: part.filename, stream: part.file });
      return reply.status(201).send({ data: presentUpload(upload) });
    },
  );
};
