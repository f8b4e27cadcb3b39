import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../runtime.js';
import { DATA_EXCEPTION_LOG } from './errors.js';
import { createTestDatabase } from '../test/database.js';
import { createOwner, createPeople, sessionCookie, uploadFile, type TestUser } from '../test/factories.js';
import {
  HOSTILE_SHAPES,
  HOSTILE_STRINGS,
  HOSTILE_URL_TEXTS,
  hostileFor,
  pick,
  replaceAt,
  toJsonText,
  validValue,
  withHostileKey,
  type JsonSchema,
  type Random,
  type Slot,
  type ValuePools,
} from '../test/hostile-values.js';
import { seededRandom } from '../test/random.js';
import { testConfig } from '../test/test-app.js';

/**
 * Every route of the OpenAPI document, driven as the team's owner with values made from its own
 * schema, one place at a time replaced by something hostile. No answer may be a 5xx: bad input is
 * the client's error. Nor may a value pass the schema for the database to refuse (the error
 * handler's 400 for that is a safety net, not validation). FUZZ_SEED reproduces a run,
 * FUZZ_CASES sets the requests per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 25);
/** Routes with larger schemas get more requests: this many per place a value can go, up to a cap. */
const CASES_PER_FIELD = 1;
const MAX_CASES_PER_ROUTE = 300;

type Operation = {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = { method: string; url: string; operation: Operation };
type FuzzRequest = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer; what: string };

let runtime: Runtime;
let owner: TestUser;
let pools: ValuePools;
const serverErrors: string[] = [];

beforeAll(async () => {
  runtime = await startRuntime(testConfig(), {
    serve: true,
    work: false,
    database: await createTestDatabase(),
    // The app's own log says what failed behind a 500, and which values only the database refused.
    logger: { level: 'warn', stream: { write: (line: string) => serverErrors.push(line) } },
  });
  const app = runtime.app!;
  owner = await createOwner(runtime.ctx.db);
  const people = await createPeople(runtime.ctx.db, [
    { id: 'fuzz-1', full_name: 'ada lovelace', job_title: 'engineer', job_company_name: 'acme', linkedin_url: 'linkedin.com/in/ada', location_country: 'united states', work_email: 'ada@acme.com' },
    { id: 'fuzz-2', full_name: 'alan turing', job_title: 'director', job_company_name: 'bletchley', location_country: 'united kingdom' },
  ]);
  const post = async (url: string, body: unknown) => {
    const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { cookie: owner.cookie } });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  const list = await post('/api/v1/lists', { name: 'Fuzz static' });
  const dynamic = await post('/api/v1/lists', { name: 'Fuzz dynamic', isDynamic: true, filters: { job_title: [{ label: 'engineer', value: 'engineer' }] } });
  const contact = await post('/api/v1/contacts', { fullName: 'Grace Hopper', companyName: 'Navy' });
  const fileId = await uploadFile(app, owner, 'fuzz.csv', 'Full Name,Company\nGrace Hopper,Navy\n');
  pools = { uuids: [list._id, dynamic._id, contact._id, fileId, ...Object.values(people), owner.userId] };
  // Migrations, people and an upload: slow when the machine is busy.
}, 120_000);
afterAll(() => runtime?.close());

/** How many places in a schema (objects, arrays and leaves) a hostile value can go. */
function placesIn(schema: unknown): number {
  if (!schema || typeof schema !== 'object') return 0;
  const own = 'type' in schema || 'anyOf' in schema ? 1 : 0;
  return own + Object.values(schema).reduce<number>((sum, child) => sum + placesIn(child), 0);
}

/** The document's routes: its paths back in Fastify's `:param` form. */
function routesOf(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1'), operation })),
  );
}

/** A request whose body, query or path carries one hostile value (or a hostile shape as a whole). */
function hostileRequest(route: Route, random: Random, cookie: string): FuzzRequest {
  const parameters = route.operation.parameters ?? [];
  const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
  const headers: Record<string, string> = { cookie };
  const path: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  for (const p of parameters) {
    const value = validValue(p.schema, random, pools);
    if (p.in === 'path') path[p.name] = encodeURIComponent(String(value));
    if (p.in === 'query' && (p.required || random() < 0.5)) query.push([p.name, encodeURIComponent(String(value))]);
    if (p.in === 'header' && random() < 0.5) headers[p.name] = String(value);
  }
  let what = 'valid';
  let payload: string | undefined;
  if (bodySchema) {
    const slots: Slot[] = [];
    let body = validValue(bodySchema, random, pools, slots);
    const roll = random();
    if (roll < 0.7) {
      const slot = pick(random, slots);
      const hostile = hostileFor(slot.schema, random);
      body = replaceAt(body, slot.path, hostile);
      what = `body.${slot.path.join('.')} = ${show(hostile)}`;
    } else if (roll < 0.8) {
      body = withHostileKey(body, slots, random);
      what = 'body with a hostile key';
    } else if (roll < 0.9) {
      body = pick(random, [...HOSTILE_SHAPES, ...HOSTILE_STRINGS.slice(0, 12)]);
      what = `body = ${show(body)}`;
    }
    payload = toJsonText(body);
    headers['content-type'] = 'application/json';
    if (roll >= 0.9) {
      const broken = pick(random, [
        ['application/json', '{"a":'],
        ['application/json', ''],
        ['application/json', 'null'],
        ['application/json', '\u0000'],
        ['text/plain', payload],
        ['application/x-www-form-urlencoded', 'a=1&b=%00'],
        ['application/json; charset=utf-16', payload],
      ] as const);
      headers['content-type'] = broken[0];
      payload = broken[1];
      what = `body as ${broken[0]}: ${show(broken[1])}`;
    }
  }
  const pathNames = Object.keys(path);
  const queryTarget = random();
  if (what === 'valid' || queryTarget < 0.25) {
    const targets = [...pathNames.map((n) => ['path', n] as const), ...parameters.filter((p) => p.in === 'query').map((p) => ['query', p.name] as const)];
    if (targets.length) {
      const [where, name] = pick(random, targets);
      const hostile = pick(random, HOSTILE_URL_TEXTS);
      if (where === 'path') path[name] = hostile;
      else if (random() < 0.2) query.push([name, hostile], [name, hostile]);
      else query.push([name, hostile]);
      what = `${where}.${name} = ${hostile.slice(0, 40)}`;
    } else if (random() < 0.3) {
      query.push(['__proto__[polluted]', '1'], ['constructor', 'x']);
      what = 'query with prototype keys';
    }
  }
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => path[name] ?? crypto.randomUUID());
  const search = new Map(query);
  const queryText = [...search.entries()].map(([k, v]) => `${k}=${v}`).join('&');
  return { method: route.method, url: queryText ? `${url}?${queryText}` : url, headers, payload, what };
}

/** A multipart upload with a hostile file name, field or content. */
function hostileUpload(random: Random, cookie: string): FuzzRequest {
  const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
  const fileName = pick(random, ['a\u0000b.csv', '\ud800.csv', 'x'.repeat(5_000) + '.csv', '../../etc/passwd.csv', 'no-extension', '.csv', 'a\u0001.xlsx', 'ok.csv', 'ünï 😀.csv']);
  const field = pick(random, ['file', 'file', '__proto__', 'a\u0000b', '']);
  const content = pick(random, ['Full Name\nAda\n', 'Full Name\nA\u0000da\n', '\ud800,\udfff\n', '', 'PK\u0003\u0004garbage', '"unclosed\n']);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    method: 'POST',
    url: '/api/v1/files',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    what: `upload ${show(field)} ${show(fileName)} ${show(content)}`,
  };
}

/** A compose request (multipart, spec's field names) with one hostile field, file name or file. */
function hostileCompose(random: Random, cookie: string): FuzzRequest {
  const fields: Record<string, string> = { from: owner.email, to: '["ann@example.com"]', subject: 'Hello', html: '<p>Hi</p>', sendType: 'new' };
  const name = pick(random, ['from', 'to', 'cc', 'bcc', 'subject', 'html', 'sendType', 'replyToId', 'forwardAttachments', '__proto__', 'a\u0000b', '']);
  const value = pick(random, [...HOSTILE_STRINGS, '["a\u0000b@example.com"]', '["\ud800@example.com"]', '[1,2]', '{"a":1}', '[-1]', '[1e309]', 'x'.repeat(3 * 1024 * 1024)]);
  fields[name] = String(value);
  if (name === 'sendType' || random() < 0.3) fields.replyToId = pick(random, [...pools.uuids, crypto.randomUUID(), 'not-a-uuid']);
  const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (random() < 0.5) {
    const fileName = pick(random, ['a\u0000b.txt', '\ud800.pdf', 'x'.repeat(5_000), '../../etc/passwd', '', 'ünï 😀.txt']);
    const type = pick(random, ['application/pdf', 'text/plain\r\nX-Evil: 1', '', 'a/b/c', '\u0000']);
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\ncontent\u0000\r\n`);
  }
  return {
    method: 'POST',
    url: '/api/v1/mail/gmail/send',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    what: `compose ${show(name)} = ${show(value)}`,
  };
}

/**
 * A 503 that says the server lacks something (a vendor's client id, PUBLIC_URL, a built web app
 * for a path that normalizes to `/`) is a deliberate answer about the server, not a failure.
 */
function deliberateUnavailable(status: number, body: string): boolean {
  if (status !== 503) return false;
  if (body.startsWith('The web app is not built')) return true;
  try {
    return JSON.parse(body).error?.code === 'PROVIDER_UNAVAILABLE';
  } catch {
    return false;
  }
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : toJsonText(value);
  return text.length > 60 ? `${text.slice(0, 60)}... (${text.length} chars)` : text;
}

describe('every route under hostile input', () => {
  it('answers no 5xx to any of them', { timeout: 300_000 }, async () => {
    const app = runtime.app!;
    const routes = routesOf(app.swagger() as never).filter((r) => r.url !== '/api/health');
    const random = seededRandom(SEED);
    const failures: string[] = [];
    let requests = 0;
    // Deleting the team's lists first would leave the other routes nothing real to work on.
    const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
    for (const route of ordered) {
      const started = Date.now();
      const cases = Math.min(MAX_CASES_PER_ROUTE, CASES_PER_ROUTE + CASES_PER_FIELD * placesIn([route.operation.parameters, route.operation.requestBody]));
      for (let i = 0; i < cases; i++) {
        // A fresh session each time: one of the routes logs out.
        const cookie = await sessionCookie(runtime.ctx.db, owner.userId);
        const request =
          route.url === '/api/v1/files' ? hostileUpload(random, cookie) : route.url === '/api/v1/mail/gmail/send' ? hostileCompose(random, cookie) : hostileRequest(route, random, cookie);
        const errorsBefore = serverErrors.length;
        const response = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
        requests++;
        const logged = serverErrors.slice(errorsBefore).map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } });
        const refusedBySql = logged.some((entry) => entry.msg === DATA_EXCEPTION_LOG);
        if (refusedBySql || (response.statusCode >= 500 && !deliberateUnavailable(response.statusCode, response.body))) {
          const cause = logged.map((entry) => entry.err?.message ?? entry.msg).join(' | ');
          failures.push(`${route.method} ${route.url} [${request.what}] -> ${response.statusCode}: ${cause.slice(0, 300)}`);
        }
      }
      if (process.env.FUZZ_TIMES) console.log(`${route.method} ${route.url}: ${cases} in ${Date.now() - started} ms`);
    }
    console.log(`route fuzz: ${requests} requests over ${routes.length} routes (seed ${SEED}), ${failures.length} failed (5xx, or refused only by the database)`);
    expect(failures).toEqual([]);
  });
});
