import { z } from 'zod';

/** Stable error codes: they survive the trip to the client, messages may change. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INSUFFICIENT_CREDITS',
  'ALREADY_ENRICHED',
  'PROVIDER_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'INVITE_DOMAIN_MISMATCH',
  'INVITE_DUPLICATE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** The request field the error is about, as a dotted path, when there is one. */
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  INVITE_DUPLICATE: 409,
  INVITE_DOMAIN_MISMATCH: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INSUFFICIENT_CREDITS: 402,
  ALREADY_ENRICHED: 409,
  PROVIDER_UNAVAILABLE: 503,
  IDEMPOTENCY_KEY_REUSED: 422,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  constructor(code: ErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
  }
  get status(): number {
    return HTTP_STATUS[this.code];
  }
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);
