import fastifyMultipart from '@fastify/multipart';
import { AppError, COMPOSE_LIMITS, COMPOSE_MESSAGES, ErrorBody, SEND_MAIL_FIELD_NAMES, SendMailFields, SendMailResponse } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { receiveCompose } from './compose-upload.js';
import { sendComposed } from './compose.service.js';

const tags = ['inbox'];

/** The fields as the shared schema reads them; the first problem answers 400 naming its field. */
function parseFields(fields: Record<string, string>): SendMailFields {
  const parsed = SendMailFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'body';
  throw new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, { field });
}

export const composeRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  // Registered here, so multipart parsing exists only for this plugin's route. One more file
  // than allowed reaches the receiver, which refuses it in the app's words.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: COMPOSE_LIMITS.attachmentBytes,
      files: COMPOSE_LIMITS.attachments + COMPOSE_LIMITS.inlineImages + 1,
      fields: SEND_MAIL_FIELD_NAMES.length + 5,
      fieldSize: COMPOSE_LIMITS.htmlBytes,
      parts: COMPOSE_LIMITS.attachments + COMPOSE_LIMITS.inlineImages + SEND_MAIL_FIELD_NAMES.length + 10,
    },
    throwFileSizeLimit: false,
  });

  app.post(
    '/api/v1/mail/gmail/send',
    {
      schema: {
        tags,
        summary:
          'Send a new message, a reply or a forward from one of your mailboxes (multipart: from, to, cc, bcc as JSON arrays, subject, html, sendType, replyToId, forwardAttachments, files as `attachments` and up to 3 images shown in the text as `inlineImages` named by their cid: token, 25 MB in all)',
        consumes: ['multipart/form-data'],
        response: { 200: SendMailResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', COMPOSE_MESSAGES.notMultipart, { field: 'body' });
      const received = await receiveCompose(ctx.config.dataDir, request.parts());
      try {
        return { data: await sendComposed(ctx, actor, parseFields(received.fields), received.attachments) };
      } finally {
        await received.cleanup();
      }
    },
  );
};
