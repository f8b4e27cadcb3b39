import path from 'node:path';
import { API_KEY_DEFAULT_RATE_LIMIT, FILE_LIMITS, MAX_UPLOAD_BYTES } from '@leadline/shared';
import { z } from 'zod';

/** An http(s) address; the message names the variable. */
const httpAddress = (name: string) => z.string().regex(/^https?:\/\//, `${name} must be an http(s) address`).pipe(z.string().url());

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many proxies stand in front of the app: the client is the address the last of them saw.
   * `true` and `false` mean 1 and 0, as they did when this was a switch.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((v) => Number(v === 'true' ? 1 : v === 'false' ? 0 : v))
    .pipe(z.number('TRUST_PROXY is a number of proxy hops (0, 1, 2, ...), true or false').int().min(0).max(10)),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Sign-ups per client address per hour. */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Calls per minute one API key may make. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(API_KEY_DEFAULT_RATE_LIMIT),
  /** Who may create an account: anyone, only holders of an invitation link, or nobody. */
  SIGNUP_MODE: z.enum(['open', 'invite', 'closed']).default('open'),
  /** `smtp://user:pass@host:587` or `smtps://...`: invitations and address checks go out by email. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Leadline <no-reply@leadline.invalid>'),
  /** Bytes of uploads a team may keep stored (uploads are kept seven days). */
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().positive().default(FILE_LIMITS.defaultUploadQuotaBytes),
  /** Demo people loaded into an empty prospect database on first start; 0 loads none. */
  DEMO_PEOPLE: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
  /** People Data Labs, the premium step of the enrichment waterfall; off without a key. */
  PDL_API_KEY: z.string().min(1).optional(),
  PDL_BASE_URL: z.string().url().default('https://api.peopledatalabs.com'),
  PDL_MIN_LIKELIHOOD: z.coerce.number().int().min(1).max(10).default(6),
  /** Let outbound calls (vendors, webhooks) reach private and loopback addresses: self-hosted vendors, tests. */
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** The address users reach the app at: OAuth redirect URIs and links in emails. */
  PUBLIC_URL: z.string().url().optional(),
  /** Where "Contact sales" for the made-to-measure Growth plan points, in billing and onboarding. */
  CONTACT_SALES_URL: httpAddress('CONTACT_SALES_URL').optional(),
  /** The earlier name of CONTACT_SALES_URL (documented before the two links became one), still read. */
  SALES_BOOKING_URL: httpAddress('SALES_BOOKING_URL').optional(),
  /** 32 bytes (64 hex characters or base64) that encrypt integration tokens at rest; default: DATA_DIR/encryption.key. */
  ENCRYPTION_KEY: z.string().min(32).optional(),
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  HUBSPOT_AUTH_URL: z.string().url().default('https://app.hubspot.com'),
  HUBSPOT_API_URL: z.string().url().default('https://api.hubapi.com'),
  HUBSPOT_APP_URL: z.string().url().default('https://app.hubspot.com'),
  SALESFORCE_CLIENT_ID: z.string().min(1).optional(),
  SALESFORCE_CLIENT_SECRET: z.string().min(1).optional(),
  SALESFORCE_LOGIN_URL: z.string().url().default('https://login.salesforce.com'),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** `imaps://host:port` (TLS) or `imap://host:port` (STARTTLS); likewise `smtps://` / `smtp://`. */
  GOOGLE_IMAP_URL: z.string().url().default('imaps://imap.gmail.com:993'),
  GOOGLE_SMTP_URL: z.string().url().default('smtps://smtp.gmail.com:465'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_AUTH_URL: z.string().url().default('https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_TOKEN_URL: z.string().url().default('https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_IMAP_URL: z.string().url().default('imaps://outlook.office365.com:993'),
  MICROSOFT_SMTP_URL: z.string().url().default('smtp://smtp.office365.com:587'),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_AUTH_URL: z.string().url().default('https://slack.com'),
  SLACK_API_URL: z.string().url().default('https://slack.com/api'),
  /** How long a worker's leases and job heartbeat last without renewal: a dead worker's service instances move to another process, and its jobs run again, within about this. */
  SERVICE_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Email verification: DNS servers to ask (`ip` or `ip:port`, comma separated); empty: the system's. */
  VERIFY_DNS_SERVERS: z.string().default(''),
  /** Email verification: the port of the SMTP RCPT probe on a domain's MX host. */
  VERIFY_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  /** Email verification: the name given in EHLO (default: PUBLIC_URL's host name, else localhost). */
  VERIFY_HELO_NAME: z.string().min(1).optional(),
  VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** An OpenAI-compatible chat-completions API (OpenAI, Ollama, vLLM, LM Studio); AI is off without it and AI_MODEL. */
  AI_BASE_URL: z.string().url().optional(),
  /** Self-hosted servers often take any key. */
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** With it, knowledge hub chunks also get embeddings; full-text search works without. */
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Retries after the first attempt on 429 (after its Retry-After), 408, 409 and 5xx. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** AI calls one team may have running at once in one process; more wait their turn. */
  AI_TEAM_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  /** Stripe: without a secret key billing is off (credits come from `npm run credits:grant`). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where Stripe's API is: a stripe-mock style server or a test's loopback server may stand in. */
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
});

export type OAuthVendorConfig = { clientId: string | undefined; clientSecret: string | undefined };

/** A mail provider's OAuth app and its servers: Gmail and Outlook connect only with id and secret set. */
export type MailOAuthConfig = OAuthVendorConfig & {
  authUrl: string;
  tokenUrl: string;
  imap: { host: string; port: number; secure: boolean };
  smtp: { host: string; port: number; secure: boolean };
};

/** `imaps://host:993` → TLS from the start; `imap://host:143` → STARTTLS. */
function mailServerOf(url: string, tlsScheme: string) {
  const u = new URL(url);
  const secure = u.protocol === `${tlsScheme}:`;
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || (secure ? (tlsScheme === 'imaps' ? 993 : 465) : tlsScheme === 'imaps' ? 143 : 587)), secure };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Proxy hops in front of the app (0: none). */
  trustProxy: number;
  loginRateLimit: number;
  signupRateLimit: number;
  /** Calls per minute per API key: `API_KEY_RATE_LIMIT`. */
  apiKeyRateLimit: number;
  signupMode: 'open' | 'invite' | 'closed';
  /** Outgoing mail; without it invitation links are shown to the inviter and addresses are not verified. */
  smtpUrl: string | undefined;
  mailFrom: string;
  demoPeople: number;
  webDist: string;
  /** Largest accepted upload in bytes: MAX_UPLOAD_BYTES; tests lower it. */
  maxUploadBytes: number;
  /** Bytes of stored uploads per team: `UPLOAD_QUOTA_BYTES`. */
  uploadQuotaBytes: number;
  pdl: { apiKey: string | undefined; baseUrl: string; minLikelihood: number };
  outboundAllowPrivate: boolean;
  publicUrl: string | undefined;
  /** Where "Contact sales" (the Growth plan) points: `CONTACT_SALES_URL`, or its earlier name `SALES_BOOKING_URL`. */
  contactSalesUrl: string | undefined;
  encryptionKey: string | undefined;
  hubspot: OAuthVendorConfig & { authUrl: string; apiUrl: string; appUrl: string };
  salesforce: OAuthVendorConfig & { loginUrl: string };
  slack: OAuthVendorConfig & { authUrl: string; apiUrl: string };
  /** Gmail and Outlook mailboxes connect by OAuth only when their client id and secret are set. */
  mailOAuth: { gmail: MailOAuthConfig; outlook: MailOAuthConfig };
  serviceLeaseSeconds: number;
  emailVerification: { dnsServers: string[]; smtpPort: number; heloName: string; timeoutMs: number };
  /** `baseUrl` and `model` both set: AI is configured. */
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; embeddingModel: string | undefined; timeoutMs: number; maxRetries: number; teamConcurrency: number };
  /** Billing is on only with `secretKey`. */
  stripe: { secretKey: string | undefined; publishableKey: string | undefined; webhookSecret: string | undefined; apiBase: string };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  // Links in emails must not follow a Host header an attacker chose.
  if (e.SMTP_URL && !e.PUBLIC_URL) throw new Error('SMTP_URL needs PUBLIC_URL: the links in emails point there.');
  if (e.CONTACT_SALES_URL && e.SALES_BOOKING_URL && e.CONTACT_SALES_URL !== e.SALES_BOOKING_URL) {
    throw new Error('CONTACT_SALES_URL and SALES_BOOKING_URL name the same link and differ: keep CONTACT_SALES_URL only.');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    signupMode: e.SIGNUP_MODE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoPeople: e.DEMO_PEOPLE,
    webDist: path.resolve(import.meta.dirname, '../../../web/dist'),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    pdl: { apiKey: e.PDL_API_KEY, baseUrl: e.PDL_BASE_URL, minLikelihood: e.PDL_MIN_LIKELIHOOD },
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    contactSalesUrl: e.CONTACT_SALES_URL ?? e.SALES_BOOKING_URL,
    encryptionKey: e.ENCRYPTION_KEY,
    hubspot: { clientId: e.HUBSPOT_CLIENT_ID, clientSecret: e.HUBSPOT_CLIENT_SECRET, authUrl: e.HUBSPOT_AUTH_URL, apiUrl: e.HUBSPOT_API_URL, appUrl: e.HUBSPOT_APP_URL },
    salesforce: { clientId: e.SALESFORCE_CLIENT_ID, clientSecret: e.SALESFORCE_CLIENT_SECRET, loginUrl: e.SALESFORCE_LOGIN_URL },
    slack: { clientId: e.SLACK_CLIENT_ID, clientSecret: e.SLACK_CLIENT_SECRET, authUrl: e.SLACK_AUTH_URL, apiUrl: e.SLACK_API_URL },
    mailOAuth: {
      gmail: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, authUrl: e.GOOGLE_AUTH_URL, tokenUrl: e.GOOGLE_TOKEN_URL, imap: mailServerOf(e.GOOGLE_IMAP_URL, 'imaps'), smtp: mailServerOf(e.GOOGLE_SMTP_URL, 'smtps') },
      outlook: { clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, authUrl: e.MICROSOFT_AUTH_URL, tokenUrl: e.MICROSOFT_TOKEN_URL, imap: mailServerOf(e.MICROSOFT_IMAP_URL, 'imaps'), smtp: mailServerOf(e.MICROSOFT_SMTP_URL, 'smtps') },
    },
    serviceLeaseSeconds: e.SERVICE_LEASE_SECONDS,
    emailVerification: {
      dnsServers: e.VERIFY_DNS_SERVERS.split(',').map((s) => s.trim()).filter(Boolean),
      smtpPort: e.VERIFY_SMTP_PORT,
      heloName: e.VERIFY_HELO_NAME ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'),
      timeoutMs: e.VERIFY_TIMEOUT_MS,
    },
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      embeddingModel: e.AI_EMBEDDING_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      teamConcurrency: e.AI_TEAM_CONCURRENCY,
    },
    stripe: { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE },
  };
}
