import fastifyMultipart from '@fastify/multipart';
import { AppError, ErrorBody } from '@leadline/shared';
import { SUPPRESSION_IMPORT_LIMITS, SUPPRESSION_MESSAGES, SuppressionImportResponse } from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { importSuppressions } from './suppressions-import.service.js';

export const suppressionImportRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  // Registered here, so multipart parsing exists only for this plugin's route.
  await app.register(fastifyMultipart, { limits: { fileSize: SUPPRESSION_IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3 }, throwFileSizeLimit: true });

  app.post(
    '/api/v1/suppressions/import',
    {
      bodyLimit: SUPPRESSION_IMPORT_LIMITS.maxBytes + 64 * 1024,
      schema: {
        tags: ['campaigns'],
        summary: 'Import a CSV of addresses to suppress (multipart field `file`), read as it uploads',
        description:
          'One column of email addresses: the column named email (or e-mail, email address, address), else the first cell holding an address. Invalid rows and domains are counted and the first 10 named; addresses already listed or repeated are duplicates. Active leads at an added address stop.',
        consumes: ['multipart/form-data'],
        response: { 200: SuppressionImportResponse, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > SUPPRESSION_IMPORT_LIMITS.maxBytes + 64 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', SUPPRESSION_MESSAGES.tooLarge, { field: 'file' });
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION_FAILED', SUPPRESSION_MESSAGES.noFile, { field: 'file' });
      }
      return { data: await importSuppressions(ctx.db, actorOf(request), part.file) };
    },
  );
};
