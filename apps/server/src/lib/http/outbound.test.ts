import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPublicUrl, BlockedAddressError, createOutboundClient, isPrivateAddress, OutboundNetworkError, retryAfterMs } from './outbound.js';

/** A loopback server answering each request with the next scripted reply. */
let server: http.Server;
let base: string;
let script: Array<{ status: number; headers?: Record<string, string>; body?: string; hang?: boolean }> = [];
let received = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    received += 1;
    const next = script.shift() ?? { status: 200, body: '{"ok":true}' };
    if (next.hang) return;
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body ?? '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const waits: number[] = [];
const client = (options = {}) => createOutboundClient({ allowPrivateNetwork: true, sleep: async (ms) => void waits.push(ms), baseDelayMs: 10, ...options });
const run = (replies: typeof script) => {
  script = [...replies];
  received = 0;
  waits.length = 0;
};

describe('the SSRF guard', () => {
  it('knows private, loopback, link-local, reserved and IPv4-in-IPv6 addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', '2002:c0a8:101::1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses loopback targets by default, by address and by a name that resolves to one', async () => {
    const guarded = createOutboundClient();
    await expect(guarded.request({ url: `${base}/x` })).rejects.toBeInstanceOf(BlockedAddressError);
    const port = new URL(base).port;
    await expect(guarded.request({ url: `http://localhost:${port}/x` })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(guarded.request({ url: `http://[::ffff:127.0.0.1]:${port}/x` })).rejects.toBeInstanceOf(BlockedAddressError);
    // A name whose DNS answer includes a private address is refused even if another is public.
    const rebinding = createOutboundClient({ lookup: async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }] });
    await expect(rebinding.request({ url: 'http://vendor.example/x' })).rejects.toBeInstanceOf(BlockedAddressError);
    expect(received).toBe(0);
  });

  it('reaches loopback when configuration allows it', async () => {
    run([{ status: 200, body: '{"hello":"world"}' }]);
    const answer = await client().request({ url: `${base}/x`, query: { a: 1, skip: undefined } });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ hello: 'world' });
  });
});

describe('retries', () => {
  it('waits as a 429 asks (Retry-After, then a reset header), then succeeds', async () => {
    run([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'x-ratelimit-reset': '1' } },
      { status: 200 },
    ]);
    const answer = await client().request({ url: `${base}/x` });
    expect(answer.status).toBe(200);
    expect(answer.attempts).toBe(3);
    expect(waits).toEqual([2000, 1000]);
  });

  it('backs off on 5xx and gives the last answer when retries run out', async () => {
    run([{ status: 503 }, { status: 502 }, { status: 200 }]);
    expect((await client().request({ url: `${base}/x` })).status).toBe(200);
    run([{ status: 500 }, { status: 500 }, { status: 500 }]);
    const failed = await client({ maxRetries: 2 }).request({ url: `${base}/x` });
    expect(failed).toMatchObject({ status: 500, attempts: 3 });
  });

  it('never repeats a 4xx, nor a POST unless told it is safe', async () => {
    run([{ status: 400 }, { status: 200 }]);
    expect((await client().request({ url: `${base}/x` })).status).toBe(400);
    expect(received).toBe(1);
    run([{ status: 503 }, { status: 200 }]);
    expect((await client().request({ method: 'POST', url: `${base}/x`, json: {} })).status).toBe(503);
    run([{ status: 503 }, { status: 200 }]);
    expect((await client().request({ method: 'POST', url: `${base}/x`, json: {}, retry: true })).status).toBe(200);
  });

  it('answers a 429 at once when the wait asked for is too long', async () => {
    run([{ status: 429, headers: { 'retry-after': '3600' } }]);
    expect((await client({ maxDelayMs: 5_000 }).request({ url: `${base}/x` })).status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('times out a hanging server and reports a network error', async () => {
    run([{ status: 200, hang: true }, { status: 200, hang: true }]);
    await expect(client({ timeoutMs: 200, maxRetries: 1 }).request({ url: `${base}/x` })).rejects.toBeInstanceOf(OutboundNetworkError);
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(retryAfterMs({ 'retry-after': '3' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Sun, 22 Nov 2026 12:00:05 GMT' }, now)).toBe(5000);
    expect(retryAfterMs({ 'x-ratelimit-reset': String(now / 1000 + 7) }, now)).toBe(7000);
    expect(retryAfterMs({ 'x-ratelimit-reset': '2026-11-22T12:00:09 UTC' }, now)).toBe(9000);
    expect(retryAfterMs({}, now)).toBeNull();
  });
});

describe('the check ahead of a library with its own HTTP stack (jsforce)', () => {
  it('refuses a private address or a name resolving to one, unless allowed', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:8080/services', { allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    const lookup = async () => [{ address: '10.1.2.3', family: 4 }];
    await expect(assertPublicUrl('https://login.example.test', { allowPrivateNetwork: false, lookup })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(assertPublicUrl('https://login.example.test', { allowPrivateNetwork: false, lookup: async () => [{ address: '93.184.216.34', family: 4 }] })).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://127.0.0.1:8080/services', { allowPrivateNetwork: true })).resolves.toBeUndefined();
  });
});
