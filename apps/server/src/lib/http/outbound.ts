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
import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, request as undiciRequest } from 'undici';

export class BlockedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`Refused to connect to ${host} (${address}): private, loopback and reserved addresses are not allowed for outbound calls.`);
    this.name = 'BlockedAddressError';
  }
}

/** A network failure (or timeout) that outlasted the retries. */
export class OutboundNetworkError extends Error {
  constructor(readonly url: string, message: string, options?: { cause?: unknown }) {
    super(`${new URL(url).host}: ${message}`, options);
    this.name = 'OutboundNetworkError';
  }
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
const inV4 = (ip: string, [base, bits]: [string, number]) => bits === 0 || (v4ToInt(ip) >>> (32 - bits)) === (v4ToInt(base) >>> (32 - bits));

/** The 8 groups of an IPv6 address as numbers (handles `::` and a dotted IPv4 tail). */
function v6Groups(ip: string): number[] {
  let address = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    address = address.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = address.split('::') as [string, string | undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').filter(Boolean).map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** True for any address an outbound call must not reach unless allowed. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return V4_BLOCKED.some((range) => inV4(ip, range)) || ip === '255.255.255.255';
  if (family !== 6) return true; // not an address at all: refuse
  const g = v6Groups(ip);
  const embeddedV4 = () => `${g[6]! >>> 8}.${g[6]! & 0xff}.${g[7]! >>> 8}.${g[7]! & 0xff}`;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isPrivateAddress(embeddedV4()); // ::ffff:a.b.c.d
  if (g.slice(0, 6).every((x) => x === 0)) return true; // ::, ::1 and the deprecated IPv4-compatible form
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPrivateAddress(embeddedV4()); // NAT64
  if (g[0] === 0x2002) return isPrivateAddress(`${g[1]! >>> 8}.${g[1]! & 0xff}.${g[2]! >>> 8}.${g[2]! & 0xff}`); // 6to4
  return (g[0]! & 0xfe00) === 0xfc00 || (g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xff00) === 0xff00 || (g[0] === 0x2001 && g[1] === 0x0db8);
}

type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * The same check ahead of a call made by a library with its own HTTP stack (jsforce): resolves
 * the host and refuses a private address. Weaker than the connect-time guard (a DNS answer may
 * change in between), so it is used only where the guarded agent cannot be passed in.
 */
export async function assertPublicUrl(url: string, options: { allowPrivateNetwork: boolean; lookup?: Lookup }) {
  if (options.allowPrivateNetwork) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await (options.lookup ?? systemLookup)(host);
  const blocked = addresses.find((a) => isPrivateAddress(a.address));
  if (blocked) throw new BlockedAddressError(host, blocked.address);
}

/** An undici dispatcher whose every connection goes through the guard. */
export function guardedAgent(options: { allowPrivateNetwork: boolean; timeoutMs: number; lookup?: Lookup }) {
  const connect = buildConnector({ timeout: options.timeoutMs });
  const lookup = options.lookup ?? systemLookup;
  return new Agent({
    connect: (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      const resolve = net.isIP(host) ? Promise.resolve([{ address: host, family: net.isIP(host) }]) : lookup(host);
      resolve.then(
        (addresses) => {
          const blocked = options.allowPrivateNetwork ? undefined : addresses.find((a) => isPrivateAddress(a.address));
          if (blocked) return callback(new BlockedAddressError(host, blocked.address), null);
          if (addresses.length === 0) return callback(new Error(`${host} has no address`), null);
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
