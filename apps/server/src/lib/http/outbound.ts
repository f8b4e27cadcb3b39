/**
 * The one HTTP client for calls to other services (data vendors, CRMs, webhooks). Two things
 * it does that a plain fetch does not:
 * - An SSRF guard at connect time: the host is resolved here, every address it resolves to is
 *   checked (private, loopback, link-local, CGNAT, multicast, reserved, and IPv4 inside IPv6),
 *   and the socket connects to the checked address itself, so a DNS answer that changes between
 *   check and connect (rebinding) cannot slip through. Tests and self-hosters who point a vendor
 *   at their own network say so with `allowPrivateNetwork`.
 * - Retries: 429 after the vendor's Retry-After (or rate-limit reset) when it is short enough,
 *   408, 5xx and network failures with exponential backoff and jitter, for idempotent methods
 *   or when the caller says the call is safe to repeat.
 */
import net from 'node:net';
import { Agent, buildConnector, request as undiciRequest } from 'undici';
import { BlockedAddressError, resolveCheckedAddresses, type Lookup } from '../net/address-guard.js';

export { BlockedAddressError, isPrivateAddress } from '../net/address-guard.js';

/** A network failure (or timeout) that outlasted the retries. */
export class OutboundNetworkError extends Error {
  constructor(readonly url: string, message: string, options?: { cause?: unknown }) {
    super(`${new URL(url).host}: ${message}`, options);
    this.name = 'OutboundNetworkError';
  }
}

/**
 * The same check ahead of a call made by a library with its own HTTP stack (jsforce): resolves
 * the host and refuses a private address. Weaker than the connect-time guard (a DNS answer may
 * change in between), so it is used only where the guarded agent cannot be passed in.
 */
export async function assertPublicUrl(url: string, options: { allowPrivateNetwork: boolean; lookup?: Lookup }) {
  if (options.allowPrivateNetwork) return;
  await resolveCheckedAddresses(new URL(url).hostname, options);
}

/** An undici dispatcher whose every connection goes through the guard. */
export function guardedAgent(options: { allowPrivateNetwork: boolean; timeoutMs: number; lookup?: Lookup }) {
  const connect = buildConnector({ timeout: options.timeoutMs });
  return new Agent({
    connect: (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      resolveCheckedAddresses(host, options).then(
        (addresses) => {
          // Connect to the address just checked; TLS still verifies the certificate for the host name.
          connect({ ...opts, hostname: addresses[0]!.address, servername: net.isIP(host) ? undefined : host } as typeof opts, callback);
        },
        (error: Error) => callback(error, null),
      );
    },
  });
}

export type OutboundRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (OAuth token endpoints). */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** Repeat a non-idempotent call on 429/5xx/network errors (it is safe: e.g. an upsert). */
  retry?: boolean;
};

export type OutboundResponse = {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** How many attempts it took. */
  attempts: number;
  json<T = unknown>(): T;
};

export type OutboundClientOptions = {
  allowPrivateNetwork?: boolean;
  timeoutMs?: number;
  /** How long to wait for a connection (default timeoutMs): a host that does not accept one in seconds is down. */
  connectTimeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  baseDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the 429 is answered to the caller. */
  maxDelayMs?: number;
  userAgent?: string;
  sleep?: (ms: number) => Promise<void>;
  lookup?: Lookup;
};

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);
const RETRYABLE_STATUS = (status: number) => status === 429 || status === 408 || status >= 500;

/** Milliseconds the vendor asks us to wait: Retry-After (seconds or a date), else a rate-limit reset header. */
export function retryAfterMs(headers: Record<string, string>, now = Date.now()): number | null {
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = headers['x-ratelimit-reset'] ?? headers['ratelimit-reset'];
  if (reset !== undefined) {
    // Epoch seconds, seconds from now, or (People Data Labs) the UTC time the window resets.
    const value = Number(reset);
    if (Number.isFinite(value)) return Math.max(0, value > 1e9 ? value * 1000 - now : value * 1000);
    const date = Date.parse(reset.replace(/ UTC$/, 'Z'));
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return null;
}

export type OutboundClient = { request(request: OutboundRequest): Promise<OutboundResponse>; close(): Promise<void> };

export function createOutboundClient(options: OutboundClientOptions = {}): OutboundClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const dispatcher = guardedAgent({ allowPrivateNetwork: options.allowPrivateNetwork ?? false, timeoutMs: options.connectTimeoutMs ?? timeoutMs, ...(options.lookup ? { lookup: options.lookup } : {}) });
  const backoff = (attempt: number) => Math.min(maxDelayMs, baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);

  async function once(req: OutboundRequest) {
    const url = new URL(req.url);
    for (const [key, value] of Object.entries(req.query ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? 'Leadline', accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    } else if (req.form) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await undiciRequest(url, {
      method: req.method ?? 'GET',
      headers,
      body,
      dispatcher,
      signal: req.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await response.body.text();
    const flat = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
    return { status: response.statusCode, headers: flat, text };
  }

  return {
    async request(req) {
      const repeatable = req.retry ?? IDEMPOTENT.has(req.method ?? 'GET');
      for (let attempt = 0; ; attempt++) {
        const last = !repeatable || attempt >= maxRetries;
        let answer: Awaited<ReturnType<typeof once>>;
        try {
          answer = await once(req);
        } catch (error) {
          if (error instanceof BlockedAddressError || (error as Error).cause instanceof BlockedAddressError) throw error instanceof BlockedAddressError ? error : (error as Error).cause;
          if (req.signal?.aborted || last) throw new OutboundNetworkError(req.url, (error as Error).message, { cause: error });
          await sleep(backoff(attempt));
          continue;
        }
        if (!RETRYABLE_STATUS(answer.status) || last) return { ...answer, attempts: attempt + 1, json: <T>() => JSON.parse(answer.text) as T };
        const asked = answer.status === 429 || answer.status === 503 ? retryAfterMs(answer.headers) : null;
        if (asked !== null && asked > maxDelayMs) return { ...answer, attempts: attempt + 1, json: <T>() => JSON.parse(answer.text) as T };
        await sleep(asked ?? backoff(attempt));
      }
    },
    close: () => dispatcher.close(),
  };
}
