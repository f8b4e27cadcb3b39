/**
 * A loopback Salesforce speaking the REST API as jsforce uses it: OAuth web-server flow
 * (`/services/oauth2/authorize`, `/services/oauth2/token` with both grants, the identity URL),
 * SOQL over `GET /services/data/vXX.X/query` (the two shapes we send: `WHERE Email IN (...)` and
 * `ORDER BY Id` with `nextRecordsUrl` paging) and the sObject Collections API
 * (`POST`/`PATCH /composite/sobjects`) with a save result per record. Leads need LastName and
 * Company, Contacts LastName, as in Salesforce. Expired sessions answer 401 INVALID_SESSION_ID.
 */
import crypto from 'node:crypto';
import { approve, bearer, startFixtureServer, type FixtureRequest } from './http-fixture.js';

export type SalesforceFixtureOptions = { clientId: string; clientSecret: string; email?: string; pageSize?: number };
type Rec = Record<string, string | null> & { Id: string };

export async function startSalesforceServer(options: SalesforceFixtureOptions) {
  const objects = { Lead: new Map<string, Rec>(), Contact: new Map<string, Rec>() };
  const tokens = new Map<string, boolean>(); // token → valid
  const codes = new Set<string>();
  const cursors = new Map<string, { type: 'Lead' | 'Contact'; rest: Rec[] }>();
  let seq = 1;
  const state = { refreshes: 0 };
  let base = '';
  const newId = (type: 'Lead' | 'Contact') => `${type === 'Lead' ? '00Q' : '003'}${String(seq++).padStart(15, '0')}`;
  const tokenAnswer = (access: string) => ({ access_token: access, instance_url: base, id: `${base}/id/00D000000000001EAA/005000000000001AAA`, token_type: 'Bearer', issued_at: String(Date.now()), signature: 'sig' });
  const sessionError = { status: 401, body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] };
  const required = (type: 'Lead' | 'Contact', r: Record<string, unknown>) => (type === 'Lead' ? ['LastName', 'Company'] : ['LastName']).filter((f) => !r[f]);
  const attrs = (type: string, r: Rec) => ({ attributes: { type, url: `/services/data/v59.0/sobjects/${type}/${r.Id}` }, ...r });

  function query(q: string) {
    const from = /FROM (Lead|Contact)/i.exec(q);
    if (!from) return { status: 400, body: [{ message: 'unsupported query', errorCode: 'MALFORMED_QUERY' }] };
    const type = from[1] as 'Lead' | 'Contact';
    let rows = [...objects[type].values()].sort((a, b) => a.Id.localeCompare(b.Id));
    const inList = /WHERE Email IN \((.*)\)/i.exec(q);
    if (inList) {
      const emails = [...inList[1]!.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1').toLowerCase());
      rows = rows.filter((r) => r.Email && emails.includes(r.Email.toLowerCase()));
      return { status: 200, body: { totalSize: rows.length, done: true, records: rows.map((r) => attrs(type, r)) } };
    }
    return page(type, rows, rows.length);
  }
  function page(type: 'Lead' | 'Contact', rows: Rec[], total: number) {
    const size = options.pageSize ?? 2000;
    const now = rows.slice(0, size);
    const rest = rows.slice(size);
    const body: Record<string, unknown> = { totalSize: total, done: rest.length === 0, records: now.map((r) => attrs(type, r)) };
    if (rest.length) {
      const locator = `01g${crypto.randomUUID().slice(0, 8)}-${size}`;
      cursors.set(locator, { type, rest });
      body.nextRecordsUrl = `/services/data/v59.0/query/${locator}`;
    }
    return { status: 200, body };
  }

  const server = await startFixtureServer((req: FixtureRequest) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/services/oauth2/authorize') {
      if (req.url.searchParams.get('client_id') !== options.clientId) return { status: 400, body: { error: 'invalid_client_id' } };
      const code = `sf-code-${crypto.randomUUID()}`;
      codes.add(code);
      return approve(req, code);
    }
    if (req.method === 'POST' && path === '/services/oauth2/token') {
      const form = req.form();
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) return { status: 400, body: { error: 'invalid_client', error_description: 'invalid client credentials' } };
      if (form.get('grant_type') === 'authorization_code') {
        if (!codes.delete(form.get('code') ?? '')) return { status: 400, body: { error: 'invalid_grant', error_description: 'authentication failure' } };
        const access = `sf-at-${crypto.randomUUID()}`;
        tokens.set(access, true);
        return { status: 200, body: { ...tokenAnswer(access), refresh_token: `sf-rt-${crypto.randomUUID()}`, scope: 'id api refresh_token' } };
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!form.get('refresh_token')?.startsWith('sf-rt-')) return { status: 400, body: { error: 'invalid_grant', error_description: 'expired access/refresh token' } };
        state.refreshes += 1;
        const access = `sf-at-${crypto.randomUUID()}`;
        tokens.set(access, true);
        return { status: 200, body: tokenAnswer(access) };
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (req.method === 'GET' && path.startsWith('/id/')) {
      if (!tokens.get(bearer(req) ?? '')) return { status: 403, body: 'Bad_OAuth_Token' };
      return { status: 200, body: { id: `${base}${path}`, user_id: '005000000000001AAA', organization_id: '00D000000000001EAA', username: options.email ?? 'admin@sf.test', email: options.email ?? 'admin@sf.test', display_name: 'Admin' } };
    }
    if (!/^\/services\/data\/v\d+\.\d\//.test(path)) return { status: 404, body: [{ message: `No route ${path}`, errorCode: 'NOT_FOUND' }] };
    if (!tokens.get(bearer(req) ?? '')) return sessionError;

    const rest = path.replace(/^\/services\/data\/v\d+\.\d/, '');
    if (req.method === 'GET' && rest === '/query') return query(req.url.searchParams.get('q') ?? '');
    const more = /^\/query\/(.+)$/.exec(rest);
    if (req.method === 'GET' && more) {
      const cursor = cursors.get(more[1]!);
      if (!cursor) return { status: 400, body: [{ message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' }] };
      cursors.delete(more[1]!);
      return page(cursor.type, cursor.rest, cursor.rest.length);
    }
    if (rest === '/composite/sobjects' && (req.method === 'POST' || req.method === 'PATCH')) {
      const { records } = req.json<{ allOrNone: boolean; records: Array<Record<string, string> & { attributes: { type: 'Lead' | 'Contact' } }> }>();
      if (records.length > 200) return { status: 400, body: [{ message: 'too many records', errorCode: 'EXCEEDED_ID_LIMIT' }] };
      const results = records.map(({ attributes, ...fields }) => {
        const type = attributes.type;
        const store = objects[type];
        if (req.method === 'PATCH') {
          const existing = store.get(fields.Id!);
          if (!existing) return { id: fields.Id, success: false, errors: [{ statusCode: 'ENTITY_IS_DELETED', message: 'entity is deleted', fields: [] }] };
          store.set(existing.Id, { ...existing, ...fields, Id: existing.Id });
          return { id: existing.Id, success: true, errors: [] };
        }
        const missing = required(type, fields);
        if (missing.length) return { success: false, errors: [{ statusCode: 'REQUIRED_FIELD_MISSING', message: `Required fields are missing: [${missing.join(', ')}]`, fields: missing }] };
        const id = newId(type);
        store.set(id, { ...fields, Id: id });
        return { id, success: true, errors: [] };
      });
      return { status: 200, body: results };
    }
    return { status: 404, body: [{ message: `No route ${req.method} ${rest}`, errorCode: 'NOT_FOUND' }] };
  });
  base = server.url;
  return {
    ...server,
    objects,
    state,
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, false);
    },
  };
}
export type SalesforceFixture = Awaited<ReturnType<typeof startSalesforceServer>>;
