import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@leadline/shared';
import { z } from 'zod';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a TLS-terminating proxy, trust X-Forwarded-Proto so cookies get Secure. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Demo people loaded into an empty prospect database on first start; 0 loads none. */
  DEMO_PEOPLE: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
  /** People Data Labs, the premium step of the enrichment waterfall; off without a key. */
  PDL_API_KEY: z.string().min(1).optional(),
  PDL_BASE_URL: z.string().url().default('https://api.peopledatalabs.com'),
  PDL_MIN_LIKELIHOOD: z.coerce.number().int().min(1).max(10).default(6),
  /** Let outbound calls (vendors, webhooks) reach private and loopback addresses: self-hosted vendors, tests. */
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  trustProxy: boolean;
  loginRateLimit: number;
  demoPeople: number;
  webDist: string;
  /** Largest accepted upload in bytes: MAX_UPLOAD_BYTES; tests lower it. */
  maxUploadBytes: number;
  pdl: { apiKey: string | undefined; baseUrl: string; minLikelihood: number };
  outboundAllowPrivate: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    demoPeople: e.DEMO_PEOPLE,
    webDist: path.resolve(import.meta.dirname, '../../../web/dist'),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    pdl: { apiKey: e.PDL_API_KEY, baseUrl: e.PDL_BASE_URL, minLikelihood: e.PDL_MIN_LIKELIHOOD },
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
  };
}
