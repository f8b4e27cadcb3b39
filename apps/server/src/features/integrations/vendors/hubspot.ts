/**
 * HubSpot through its documented REST API:
 * - OAuth 2: `{authUrl}/oauth/authorize`, `POST {apiUrl}/oauth/v1/token` (authorization_code and
 *   refresh_token grants, form-encoded), `GET {apiUrl}/oauth/v1/access-tokens/{token}` for the
 *   connected user's email and portal (hub_id).
 * - CRM v3 contacts: `POST /crm/v3/objects/contacts/batch/upsert` keyed by email (idProperty
 *   email) for contacts with an email, `POST .../batch/update` by id for those HubSpot already
 *   knows, `POST .../contacts` for the rest; 200 or 207 multi-status with per-record `errors`
 *   naming the records in `context.ids`; `POST .../contacts/search` by email; `GET .../contacts`
 *   pages with `paging.next.after`.
 * 429s are retried after Retry-After by the outbound client; a 401 refreshes the token once.
 */
import type { OutboundClient, OutboundResponse } from '../../../lib/http/outbound.js';
import { VendorAuthError, VendorError, type ConnectedAccount, type CrmAdapter, type CrmContactInput, type CrmSession, type PulledContact, type PushOutcome, type TokenSet } from './types.js';

export type HubSpotConfig = { clientId: string; clientSecret: string; authUrl: string; apiUrl: string; appUrl: string };

export const HUBSPOT_SCOPES = ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write'];
const PROPERTIES = ['email', 'firstname', 'lastname', 'jobtitle', 'company', 'website', 'phone', 'city', 'state', 'country', 'industry', 'hs_linkedin_url'];
const BATCH = 100;

type TokenAnswer = { access_token: string; refresh_token?: string; expires_in?: number };
type BatchAnswer = {
  status?: string;
  results?: Array<{ id: string; properties?: Record<string, string | null> }>;
  errors?: Array<{ status?: string; category?: string; message: string; context?: { ids?: string[]; [k: string]: unknown } }>;
};
type ErrorAnswer = { status?: string; message?: string; category?: string; errors?: Array<{ message: string; context?: { ids?: string[] } }> };

const messageOf = (res: OutboundResponse) => {
  try {
    const body = res.json<ErrorAnswer>();
    return body.message ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
};

export function properties(c: CrmContactInput): Record<string, string> {
  const out: Record<string, string | null> = {
    email: c.email,
    firstname: c.firstName,
    lastname: c.lastName,
    jobtitle: c.jobTitle,
    company: c.companyName,
    website: c.companyDomain,
    phone: c.phone,
    city: c.city,
    state: c.state,
    country: c.country,
    hs_linkedin_url: c.linkedinUrl,
  };
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

export function hubspotAdapter(config: HubSpotConfig, http: OutboundClient): CrmAdapter {
  const api = (path: string) => `${config.apiUrl.replace(/\/+$/, '')}${path}`;
  const recordUrl = (portalId: string | null, id: string) => (portalId ? `${config.appUrl.replace(/\/+$/, '')}/contacts/${portalId}/record/0-1/${id}` : null);

  async function token(form: Record<string, string>): Promise<TokenSet> {
    const res = await http.request({ method: 'POST', url: api('/oauth/v1/token'), form: { client_id: config.clientId, client_secret: config.clientSecret, ...form }, retry: true });
    if (res.status === 400 || res.status === 401) throw new VendorAuthError('hubspot', messageOf(res));
    if (res.status !== 200) throw new VendorError('hubspot', res.status, messageOf(res), res.status >= 500 || res.status === 429);
    const body = res.json<TokenAnswer>();
    return { accessToken: body.access_token, refreshToken: body.refresh_token ?? null, expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null };
  }

  /** A CRM call with the session's token; one refresh and retry on 401. */
  async function call(session: CrmSession, req: { method: 'GET' | 'POST' | 'PATCH'; path: string; json?: unknown; query?: Record<string, string> }) {
    let accessToken = await session.accessToken();
    for (let attempt = 0; ; attempt++) {
      const res = await http.request({
        method: req.method,
        url: api(req.path),
        headers: { authorization: `Bearer ${accessToken}` },
        ...(req.json !== undefined ? { json: req.json } : {}),
        ...(req.query ? { query: req.query } : {}),
        // Upserts and updates by id are safe to repeat; a plain create is not.
        retry: req.method !== 'POST' || req.path.includes('/batch/upsert') || req.path.includes('/batch/update') || req.path.endsWith('/search'),
      });
      if (res.status === 401 && attempt === 0) {
        accessToken = await session.refreshAccessToken();
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new VendorAuthError('hubspot', messageOf(res));
      return res;
    }
  }

  /** `POST /crm/v3/objects/contacts/search` by email (primary or secondary): the contact's id, if any. */
  async function search(session: CrmSession, email: string): Promise<string | null> {
    const res = await call(session, {
      method: 'POST',
      path: '/crm/v3/objects/contacts/search',
      json: { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }, { filters: [{ propertyName: 'hs_additional_emails', operator: 'CONTAINS_TOKEN', value: email }] }], properties: ['email'], limit: 1 },
    });
    if (res.status !== 200) throw failure(res);
    return res.json<{ results: Array<{ id: string }> }>().results[0]?.id ?? null;
  }

  const failure = (res: OutboundResponse) => new VendorError('hubspot', res.status, messageOf(res), res.status === 429 || res.status >= 500);

  /**
   * Sends one batch; records named in errors come back failed, a 400 naming records drops them
   * and goes again. Records refused as conflicting (their email belongs to another HubSpot
   * contact, e.g. as a secondary address) are answered separately, for a look-up by email.
   */
  async function batch(session: CrmSession, path: string, items: Array<{ contact: CrmContactInput; key: string; input: unknown }>, conflicts?: CrmContactInput[]): Promise<PushOutcome[]> {
    const outcomes: PushOutcome[] = [];
    let pending = items;
    while (pending.length > 0) {
      const res = await call(session, { method: 'POST', path, json: { inputs: pending.map((i) => i.input) } });
      if (res.status === 400) {
        const body = res.json<ErrorAnswer>();
        const named = new Map<string, string>();
        for (const e of body.errors ?? []) for (const id of e.context?.ids ?? []) named.set(id.toLowerCase(), e.message);
        const rejected = pending.filter((i) => named.has(i.key.toLowerCase()));
        if (rejected.length === 0) throw failure(res);
        for (const i of rejected) outcomes.push({ contactId: i.contact.contactId, externalId: i.contact.externalId, url: null, error: named.get(i.key.toLowerCase())! });
        pending = pending.filter((i) => !named.has(i.key.toLowerCase()));
        continue;
      }
      if (res.status !== 200 && res.status !== 201 && res.status !== 207) throw failure(res);
      const body = res.json<BatchAnswer>();
      const errors = new Map<string, string>();
      const conflicting = new Set<string>();
      for (const e of body.errors ?? []) {
        for (const id of e.context?.ids ?? []) {
          errors.set(id.toLowerCase(), e.message);
          if (e.category === 'CONFLICT' || e.category === 'OBJECT_ALREADY_EXISTS') conflicting.add(id.toLowerCase());
        }
      }
      const byKey = new Map<string, string>();
      for (const r of body.results ?? []) {
        const key = path.includes('upsert') ? (r.properties?.email ?? '').toLowerCase() : r.id;
        byKey.set(key, r.id);
      }
      for (const i of pending) {
        const key = i.key.toLowerCase();
        if (conflicts && conflicting.has(key)) {
          conflicts.push(i.contact);
          continue;
        }
        const id = byKey.get(key);
        const error = errors.get(key) ?? (id ? null : (body.errors?.[0]?.message ?? 'HubSpot did not save this contact'));
        outcomes.push({ contactId: i.contact.contactId, externalId: id ?? i.contact.externalId, url: id ? recordUrl(session.portalId, id) : null, error: id ? null : error });
      }
      pending = [];
    }
    return outcomes;
  }

  return {
    service: 'hubspot',
    batchSize: BATCH,

    authorizeUrl({ state, redirectUri }) {
      const url = new URL('/oauth/authorize', config.authUrl);
      url.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, scope: HUBSPOT_SCOPES.join(' '), state }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }): Promise<ConnectedAccount> {
      const tokens = await token({ grant_type: 'authorization_code', redirect_uri: redirectUri, code });
      const res = await http.request({ url: api(`/oauth/v1/access-tokens/${encodeURIComponent(tokens.accessToken)}`) });
      if (res.status !== 200) throw failure(res);
      const info = res.json<{ user?: string; hub_id?: number | string }>();
      return { ...tokens, email: info.user ?? null, portalId: info.hub_id !== undefined ? String(info.hub_id) : null };
    },

    refresh(refreshToken) {
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async push(session, contacts) {
      const outcomes: PushOutcome[] = [];
      const byEmail = contacts.filter((c) => c.email);
      const byId = contacts.filter((c) => !c.email && c.externalId);
      const fresh = contacts.filter((c) => !c.email && !c.externalId);
      if (byEmail.length) {
        const conflicts: CrmContactInput[] = [];
        outcomes.push(...(await batch(session, '/crm/v3/objects/contacts/batch/upsert', byEmail.map((c) => ({ contact: c, key: c.email!, input: { idProperty: 'email', id: c.email, properties: properties(c) } })), conflicts)));
        // HubSpot knows the address under another contact: find that one by email and update it.
        for (const c of conflicts) {
          const found = await search(session, c.email!);
          if (found) byId.push({ ...c, externalId: found });
          else outcomes.push({ contactId: c.contactId, externalId: c.externalId, url: null, error: `HubSpot refused ${c.email} as a conflict, and no contact has it` });
        }
      }
      if (byId.length) {
        // A contact found through a secondary address keeps its primary one: no email is sent.
        const withoutEmail = (c: CrmContactInput) => Object.fromEntries(Object.entries(properties(c)).filter(([k]) => k !== 'email'));
        outcomes.push(...(await batch(session, '/crm/v3/objects/contacts/batch/update', byId.map((c) => ({ contact: c, key: c.externalId!, input: { id: c.externalId, properties: withoutEmail(c) } })))));
      }
      // No email and never pushed: one create each, so each answer is tied to its contact.
      for (const c of fresh) {
        const res = await call(session, { method: 'POST', path: '/crm/v3/objects/contacts', json: { properties: properties(c) } });
        if (res.status === 201 || res.status === 200) {
          const id = res.json<{ id: string }>().id;
          outcomes.push({ contactId: c.contactId, externalId: id, url: recordUrl(session.portalId, id), error: null });
        } else if (res.status === 400 || res.status === 409) {
          outcomes.push({ contactId: c.contactId, externalId: null, url: null, error: messageOf(res) });
        } else {
          throw failure(res);
        }
      }
      return outcomes;
    },

    async pull(session, cursor) {
      const res = await call(session, { method: 'GET', path: '/crm/v3/objects/contacts', query: { limit: String(BATCH), properties: PROPERTIES.join(','), ...(cursor ? { after: cursor } : {}) } });
      if (res.status !== 200) throw failure(res);
      const body = res.json<{ results: Array<{ id: string; properties: Record<string, string | null> }>; paging?: { next?: { after: string } } }>();
      const contacts: PulledContact[] = body.results.map((r) => ({
        externalId: r.id,
        email: r.properties.email ?? null,
        firstName: r.properties.firstname ?? null,
        lastName: r.properties.lastname ?? null,
        jobTitle: r.properties.jobtitle ?? null,
        companyName: r.properties.company ?? null,
        companyDomain: r.properties.website ?? null,
        phone: r.properties.phone ?? null,
        linkedinUrl: r.properties.hs_linkedin_url ?? null,
        city: r.properties.city ?? null,
        state: r.properties.state ?? null,
        country: r.properties.country ?? null,
        industry: r.properties.industry ?? null,
      }));
      return { contacts, next: body.paging?.next?.after ?? null };
    },
  };
}
