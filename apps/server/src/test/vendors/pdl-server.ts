/**
 * A loopback People Data Labs for tests, speaking the Person Enrichment API's documented wire
 * format: `GET /v5/person/enrich` with `X-Api-Key`, matched by `profile` (a LinkedIn URL) or by
 * `name` with `company`, filtered by `min_likelihood`; 200 `{status, likelihood, data}`, 404
 * `{status, error: {type: 'not_found', message}}`, 401 for a bad key, and 429 with the
 * `x-ratelimit-*` headers for the first N calls when asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PdlFixturePerson = {
  likelihood: number;
  linkedin_url?: string;
  full_name?: string;
  company?: string;
  data: Record<string, unknown>;
};

const short = (url: string) => url.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');

export async function startPdlServer(options: { people: PdlFixturePerson[]; apiKey: string; rateLimitFirst?: number; failWith?: number }) {
  const requests: URL[] = [];
  let limited = options.rateLimitFirst ?? 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://pdl.test');
    requests.push(url);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-ratelimit-limit': "{'minute': 100}", ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/v5/person/enrich' || req.method !== 'GET') return send(404, { status: 404, error: { type: 'not_found', message: 'Unknown endpoint' } });
    if (req.headers['x-api-key'] !== options.apiKey) return send(401, { status: 401, error: { type: 'authentication_error', message: 'Invalid API key' } });
    if (limited > 0) {
      limited -= 1;
      return send(429, { status: 429, error: { type: 'rate_limit_error', message: 'Rate limit exceeded' } }, { 'x-ratelimit-remaining': "{'minute': 0}", 'x-ratelimit-reset': '0', 'retry-after': '0' });
    }
    if (options.failWith) return send(options.failWith, { status: options.failWith, error: { type: 'server_error', message: 'Something broke' } });
    const profile = url.searchParams.get('profile');
    const name = url.searchParams.get('name')?.toLowerCase();
    const company = url.searchParams.get('company')?.toLowerCase();
    if (!profile && !(name && company)) return send(400, { status: 400, error: { type: 'invalid_request_error', message: 'Not enough parameters' } });
    const minLikelihood = Number(url.searchParams.get('min_likelihood') ?? 0);
    const match = options.people.find((p) =>
      profile ? p.linkedin_url !== undefined && short(p.linkedin_url) === short(profile) : p.full_name?.toLowerCase() === name && p.company?.toLowerCase() === company,
    );
    if (!match || match.likelihood < minLikelihood) return send(404, { status: 404, error: { type: 'not_found', message: 'No records were found matching your request' } });
    send(200, { status: 200, likelihood: match.likelihood, data: match.data }, { 'x-ratelimit-remaining': "{'minute': 99}" });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
