import fastifyMultipart from '@fastify/multipart';
import { AppError, COMPANY_MESSAGES, ErrorBody, LOGO_MAX_BYTES, LogoResponse } from '@leadline/shared';
import { PostalAddressBody, PostalAddressResponse } from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { LOGO_PATH, readLogo, uploadLogo } from './company.service.js';
import { getPostalAddress, setPostalAddress } from './postal-address.js';

const tags = ['company'];

export const companyRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  // "Less than 5MB": a file of LOGO_MAX_BYTES or more is cut and refused.
  await app.register(fastifyMultipart, { limits: { fileSize: LOGO_MAX_BYTES - 1, files: 1, fields: 5, parts: 10 }, throwFileSizeLimit: false });

  app.post(
    '/user/logo',
    {
      schema: {
        tags,
        summary: 'Upload the company logo (multipart field `file`, JPEG or PNG under 5 MB); it is re-encoded as PNG',
        consumes: ['multipart/form-data'],
        response: { 201: LogoResponse, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION_FAILED', COMPANY_MESSAGES.logoType, { field: 'file' });
      }
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', COMPANY_MESSAGES.logoSize, { field: 'file' });
      return reply.status(201).send({ data: await uploadLogo(ctx.db, actorOf(request), bytes) });
    },
  );

  app.get(
    LOGO_PATH,
    { schema: { tags, summary: "Your team's logo, as the PNG the server re-encoded", querystring: z.object({ v: z.string().max(64).optional() }) } },
    async (request, reply) => {
      const logo = await readLogo(ctx.db, actorOf(request));
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=86400')
        .send(logo.png);
    },
  );

  app.get(
    '/api/v1/company/postal-address',
    { schema: { tags, summary: 'The sender postal address every campaign email ends with (CAN-SPAM); null when none is set', response: { 200: PostalAddressResponse } } },
    async (request) => ({ data: await getPostalAddress(ctx.db, actorOf(request)) }),
  );

  app.put(
    '/api/v1/company/postal-address',
    { schema: { tags, summary: 'Set the sender postal address (an empty one removes it)', body: PostalAddressBody, response: { 200: PostalAddressResponse, 400: ErrorBody } } },
    async (request) => ({ data: await setPostalAddress(ctx.db, actorOf(request), request.body) }),
  );
};
