/**
 * A loopback HubSpot speaking the documented wire format: OAuth (`/oauth/authorize` approving at
 * once, `POST /oauth/v1/token` for both grants, `GET /oauth/v1/access-tokens/{token}`) and CRM v3
 * contacts (batch upsert by email, batch update, create, search, list with paging). Emails are
 * unique, as in HubSpot. It can expire tokens, answer one 429 with Retry-After, refuse
 * invalid emails per record (207 with `errors[].context.ids`) and fail with 5xx on demand.
 */
import crypto from 'node:crypto';
import { approve, bearer, startFixtureServer, type FixtureReply, type FixtureRequest } from './http-fixture.js';

export type HubSpotFixtureOptions = {
  clientId: string;
  clientSecret: string;
  user?: string;
  hubId?: number;
  /** Access tokens live this long (HubSpot: 1800). */
  tokenTtlSeconds?: number;
};

const VALID_EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i;

export async function startHubSpotServer(options: HubSpotFixtureOptions) {
  const contacts = new Map<string, Record<string, string>>();
  const tokens = new Map<string, number>(); // access token → expiry (ms)
  const refreshTokens = new Set<string>();
  const codes = new Map<string, string>(); // code → redirect_uri
  let nextId = 1000;
  const state = {
    /** The Nth contacts batch call (1-based) answers 429 once. */
    rateLimitBatchCall: 0,
    /** The next N contacts calls answer 503. */
    failNext: 0,
    batchCalls: 0,
    refreshes: 0,
  };
  const issue = () => {
    const access = `hs-at-${crypto.randomUUID()}`;
    tokens.set(access, Date.now() + (options.tokenTtlSeconds ?? 1800) * 1000);
    const refresh = `hs-rt-${crypto.randomUUID()}`;
    refreshTokens.add(refresh);
    return { token_type: 'bearer', access_token: access, refresh_token: refresh, expires_in: options.tokenTtlSeconds ?? 1800 };
  };
  const byEmail = (email: string) => [...contacts.entries()].find(([, p]) => p.email?.toLowerCase() === email.toLowerCase())?.[0];
  const answerOf = (id: string, created: boolean) => ({ id, properties: contacts.get(id)!, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), archived: false, new: created });
  const invalid = (props: Record<string, string>) => (props.email !== undefined && !VALID_EMAIL.test(props.email) ? `Property values were not valid: [{"isValid":false,"message":"Email address ${props.email} is invalid","error":"INVALID_EMAIL","name":"email"}]` : null);

  function authorized(req: FixtureRequest): FixtureReply | null {
    const token = bearer(req);
    const expiry = token ? tokens.get(token) : undefined;
    if (!expiry) return { status: 401, body: { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' } };
    if (expiry < Date.now()) return { status: 401, body: { status: 'error', message: 'The OAuth token used to make this call expired.', category: 'EXPIRED_AUTHENTICATION' } };
    if (state.failNext > 0) {
      state.failNext -= 1;
      return { status: 503, body: { status: 'error', message: 'Service unavailable', category: 'SERVICE_UNAVAILABLE' } };
    }
    return null;
  }

  function batchGate(inputs: unknown[]): FixtureReply | null {
    state.batchCalls += 1;
    if (state.batchCalls === state.rateLimitBatchCall) {
      return { status: 429, headers: { 'retry-after': '0' }, body: { status: 'error', message: 'You have reached your secondly limit.', errorType: 'RATE_LIMIT', policyName: 'SECONDLY' } };
    }
    if (inputs.length > 100) return { status: 400, body: { status: 'error', message: 'Batch size too large: at most 100 inputs', category: 'VALIDATION_ERROR' } };
    return null;
  }

  const server = await startFixtureServer((req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/oauth/authorize') {
      if (req.url.searchParams.get('client_id') !== options.clientId) return { status: 400, body: { message: 'unknown client' } };
      const code = `hs-code-${crypto.randomUUID()}`;
      codes.set(code, req.url.searchParams.get('redirect_uri') ?? '');
      return approve(req, code);
    }
    if (req.method === 'POST' && path === '/oauth/v1/token') {
      const form = req.form();
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) return { status: 400, body: { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id' } };
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.has(code) || codes.get(code) !== form.get('redirect_uri')) return { status: 400, body: { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' } };
        codes.delete(code);
        return { status: 200, body: issue() };
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.has(refresh)) return { status: 400, body: { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' } };
        state.refreshes += 1;
        const fresh = issue();
        refreshTokens.delete(fresh.refresh_token);
        return { status: 200, body: { ...fresh, refresh_token: refresh } };
      }
      return { status: 400, body: { status: 'BAD_GRANT_TYPE', message: 'unknown grant type' } };
    }
    const info = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(path);
    if (req.method === 'GET' && info) {
      if (!tokens.has(decodeURIComponent(info[1]!))) return { status: 404, body: { status: 'error', message: 'not found' } };
      return { status: 200, body: { token: info[1], user: options.user ?? 'admin@crm.test', hub_domain: 'crm.test', scopes: ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write'], hub_id: options.hubId ?? 4242, app_id: 1, expires_in: 1800, user_id: 77, token_type: 'access' } };
    }
    if (!path.startsWith('/crm/v3/objects/contacts')) return { status: 404, body: { status: 'error', message: `No route ${path}` } };
    const denied = authorized(req);
    if (denied) return denied;

    if (req.method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') {
      const { inputs } = req.json<{ inputs: Array<{ id: string; idProperty: string; properties: Record<string, string> }> }>();
      const gate = batchGate(inputs);
      if (gate) return gate;
      const results: unknown[] = [];
      const errors: unknown[] = [];
      for (const input of inputs) {
        if (input.idProperty !== 'email') return { status: 400, body: { status: 'error', message: 'idProperty must be a unique property', category: 'VALIDATION_ERROR' } };
        const problem = invalid({ ...input.properties, email: input.id });
        if (problem) {
          errors.push({ status: 'error', category: 'VALIDATION_ERROR', message: problem, context: { ids: [input.id] } });
          continue;
        }
        const owner = [...contacts.entries()].find(([, p]) => (p.hs_additional_emails ?? '').toLowerCase().split(';').includes(input.id.toLowerCase()))?.[0];
        if (owner && !byEmail(input.id)) {
          errors.push({ status: 'error', category: 'CONFLICT', message: `Contact already exists. Existing ID: ${owner}`, context: { ids: [input.id] } });
          continue;
        }
        const existing = byEmail(input.id);
        const id = existing ?? String(nextId++);
        contacts.set(id, { ...(contacts.get(id) ?? {}), ...input.properties, email: input.id, hs_object_id: id });
        results.push(answerOf(id, !existing));
      }
      const body = { status: 'COMPLETE', results, ...(errors.length ? { numErrors: errors.length, errors } : {}), startedAt: new Date().toISOString(), completedAt: new Date().toISOString() };
      return { status: errors.length ? 207 : 200, body };
    }
    if (req.method === 'POST' && path === '/crm/v3/objects/contacts/batch/update') {
      const { inputs } = req.json<{ inputs: Array<{ id: string; properties: Record<string, string> }> }>();
      const gate = batchGate(inputs);
      if (gate) return gate;
      const results: unknown[] = [];
      const errors: unknown[] = [];
      for (const input of inputs) {
        if (!contacts.has(input.id)) {
          errors.push({ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'Object not found', context: { ids: [input.id] } });
          continue;
        }
        contacts.set(input.id, { ...contacts.get(input.id)!, ...input.properties });
        results.push(answerOf(input.id, false));
      }
      return { status: errors.length ? 207 : 200, body: { status: 'COMPLETE', results, ...(errors.length ? { numErrors: errors.length, errors } : {}) } };
    }
    if (req.method === 'POST' && path === '/crm/v3/objects/contacts') {
      const { properties } = req.json<{ properties: Record<string, string> }>();
      const problem = invalid(properties);
      if (problem) return { status: 400, body: { status: 'error', message: problem, category: 'VALIDATION_ERROR' } };
      if (properties.email && byEmail(properties.email)) return { status: 409, body: { status: 'error', message: `Contact already exists. Existing ID: ${byEmail(properties.email)}`, category: 'CONFLICT' } };
      const id = String(nextId++);
      contacts.set(id, { ...properties, hs_object_id: id });
      return { status: 201, body: answerOf(id, true) };
    }
    if (req.method === 'POST' && path === '/crm/v3/objects/contacts/search') {
      // Filter groups are ORed; we answer `email EQ` and `hs_additional_emails CONTAINS_TOKEN`.
      const body = req.json<{ filterGroups: Array<{ filters: Array<{ propertyName: string; operator: string; value: string }> }> }>();
      let id: string | undefined;
      for (const group of body.filterGroups) {
        const filter = group.filters[0];
        if (!filter) continue;
        if (filter.propertyName === 'email' && filter.operator === 'EQ') id ??= byEmail(filter.value);
        if (filter.propertyName === 'hs_additional_emails' && filter.operator === 'CONTAINS_TOKEN') {
          id ??= [...contacts.entries()].find(([, p]) => (p.hs_additional_emails ?? '').toLowerCase().split(';').includes(filter.value.toLowerCase()))?.[0];
        }
      }
      return { status: 200, body: { total: id ? 1 : 0, results: id ? [answerOf(id, false)] : [] } };
    }
    if (req.method === 'GET' && path === '/crm/v3/objects/contacts') {
      const limit = Math.min(100, Number(req.url.searchParams.get('limit') ?? 10));
      const after = Number(req.url.searchParams.get('after') ?? 0);
      const ids = [...contacts.keys()].map(Number).sort((a, b) => a - b).filter((id) => id > after);
      const page = ids.slice(0, limit);
      const more = ids.length > limit;
      return { status: 200, body: { results: page.map((id) => answerOf(String(id), false)), ...(more ? { paging: { next: { after: String(page[page.length - 1]), link: '' } } } : {}) } };
    }
    return { status: 404, body: { status: 'error', message: `No route ${req.method} ${path}` } };
  });

  return {
    ...server,
    contacts,
    state,
    /** Makes every access token issued so far expired. */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, Date.now() - 1000);
    },
    /** An OAuth code as the authorize page would hand it out. */
    code(redirectUri: string) {
      const code = `hs-code-${crypto.randomUUID()}`;
      codes.set(code, redirectUri);
      return code;
    },
  };
}
export type HubSpotFixture = Awaited<ReturnType<typeof startHubSpotServer>>;
