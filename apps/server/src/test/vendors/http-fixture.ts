import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureRequest = { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string; json<T = any>(): T; form(): URLSearchParams };
export type FixtureReply = { status: number; body?: unknown; headers?: Record<string, string> };
export type FixtureHandler = (req: FixtureRequest) => FixtureReply | Promise<FixtureReply>;

/** A loopback HTTP server for vendor fixtures: JSON answers, redirects, and a log of requests. */
export async function startFixtureServer(handler: FixtureHandler) {
  const requests: FixtureRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: FixtureRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fixture.test'),
        headers: req.headers,
        body,
        json: () => JSON.parse(body || 'null'),
        form: () => new URLSearchParams(body),
      };
      requests.push(request);
      try {
        const reply = await handler(request);
        const headers = { ...(reply.body !== undefined ? { 'content-type': 'application/json' } : {}), ...reply.headers };
        res.writeHead(reply.status, headers);
        res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const bearer = (req: FixtureRequest) => /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;

/** The authorize page of an OAuth server that approves at once: back to redirect_uri with a code. */
export function approve(req: FixtureRequest, code: string): FixtureReply {
  const redirect = new URL(req.url.searchParams.get('redirect_uri')!);
  redirect.searchParams.set('code', code);
  redirect.searchParams.set('state', req.url.searchParams.get('state') ?? '');
  return { status: 302, headers: { location: redirect.toString() } };
}
