import { AppError, MESSAGES } from '@leadline/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** Logged when the database refused a request's value that no schema caught (the route fuzz test watches for it). */
export const DATA_EXCEPTION_LOG = 'the database refused a value of the request';

/** PostgreSQL's class 22, "data exception": invalid text for a type, NUL bytes, numbers out of range. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The one place that turns errors into HTTP answers: `{error: {code, message, field?}}`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as ValidationIssue | undefined;
      const where = error.validationContext ?? 'body';
      const path = issue?.params?.issue?.path?.map(String).join('.') || issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const field = path ? path : where;
      const message = issue?.message ? `${field}: ${issue.message}` : `Invalid ${where}`;
      return reply.status(400).send(new AppError('VALIDATION_FAILED', message, { field }).toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send(new AppError('INTERNAL', 'Something went wrong on our side.').toBody());
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(new AppError('RATE_LIMITED', MESSAGES.tooManyLogins).toBody());
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large.').toBody());
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, ...).
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', message: error.message } });
    }
    if (isDataException(error)) {
      // The schemas should have refused this value; the request is still the client's error.
      request.log.warn({ err: error, route: request.routeOptions.url }, DATA_EXCEPTION_LOG);
      return reply.status(400).send(new AppError('VALIDATION_FAILED', 'A value in the request cannot be stored. Please check the text and numbers you entered.').toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(new AppError('INTERNAL', 'Something went wrong on our side.').toBody());
  });
}

export function apiNotFound(url: string) {
  return new AppError('NOT_FOUND', `No such route: ${url.split('?')[0]}`);
}
