/**
 * Salesforce through jsforce (its REST API): OAuth 2 web-server flow against `{loginUrl}/services/
 * oauth2/authorize` and `/services/oauth2/token`, the identity URL for the user's email and org,
 * SOQL queries to find existing Leads or Contacts by email and to page through them on a pull, and
 * the sObject Collections API (`/composite/sobjects`, allOrNone false) to create and update up to
 * 200 records a call with a result per record. A 401 INVALID_SESSION_ID makes jsforce call our
 * refresh function once. jsforce has its own HTTP stack, so the SSRF check runs before each use
 * (`assertPublicUrl`) rather than at connect time.
 */
import type * as Jsforce from 'jsforce';
import { assertPublicUrl } from '../../../lib/http/outbound.js';
import { VendorAuthError, VendorError, type ConnectedAccount, type CrmAdapter, type CrmContactInput, type CrmSession, type PulledContact, type PushOutcome, type TokenSet } from './types.js';

export type SalesforceConfig = { clientId: string; clientSecret: string; loginUrl: string; allowPrivateNetwork: boolean };

export const SALESFORCE_API_VERSION = '59.0';

/** jsforce costs some 37 MB once loaded; most processes never talk to Salesforce, so it loads on first use. */
let jsforce: Promise<typeof Jsforce> | null = null;
const loadJsforce = () => (jsforce ??= import('jsforce'));
const BATCH = 100;

type SaveResult = { id?: string; success: boolean; errors?: Array<{ message?: string; statusCode?: string; fields?: string[] } | string> };
type Row = Record<string, unknown> & { Id: string };

const soqlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

function fields(type: 'Lead' | 'Contact', c: CrmContactInput): Record<string, string> {
  const common: Record<string, string | null> = {
    FirstName: c.firstName,
    // Both objects require a last name; a contact known only by its email still gets one.
    LastName: c.lastName ?? (c.firstName ? null : c.email?.split('@')[0] ?? null),
    Email: c.email,
    Title: c.jobTitle,
    Phone: c.phone,
  };
  const specific: Record<string, string | null> =
    type === 'Lead'
      ? { Company: c.companyName, Website: c.companyDomain, Industry: c.industry, City: c.city, State: c.state, Country: c.country }
      : { MailingCity: c.city, MailingState: c.state, MailingCountry: c.country };
  return Object.fromEntries(Object.entries({ ...common, ...specific }).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

const errorText = (r: SaveResult) =>
  (r.errors ?? [])
    .map((e) => (typeof e === 'string' ? e : [e.statusCode, e.message].filter(Boolean).join(': ')))
    .join('; ') || 'Salesforce did not save this record';

function vendorError(error: unknown): VendorError {
  const e = error as { errorCode?: string; name?: string; message?: string; statusCode?: number };
  const code = e.errorCode ?? e.name ?? '';
  if (code === 'INVALID_SESSION_ID' || code === 'invalid_grant' || e.statusCode === 401) return new VendorAuthError('salesforce', e.message ?? code);
  const status = e.statusCode ?? 502;
  return new VendorError('salesforce', status, e.message ?? String(error), code === 'REQUEST_LIMIT_EXCEEDED' || status >= 500 || status === 429 || code === 'ERROR_HTTP_503');
}

export function salesforceAdapter(config: SalesforceConfig): CrmAdapter {
  const oauth2 = async (redirectUri?: string) =>
    new (await loadJsforce()).OAuth2({ loginUrl: config.loginUrl, clientId: config.clientId, clientSecret: config.clientSecret, ...(redirectUri ? { redirectUri } : {}) });
  const guard = (url: string) => assertPublicUrl(url, { allowPrivateNetwork: config.allowPrivateNetwork });

  async function connection(session: CrmSession) {
    if (!session.instanceUrl) throw new VendorAuthError('salesforce', 'No Salesforce instance is known for this connection');
    await guard(session.instanceUrl);
    const { Connection } = await loadJsforce();
    return new Connection({
      instanceUrl: session.instanceUrl,
      accessToken: await session.accessToken(),
      version: SALESFORCE_API_VERSION,
      refreshFn: (_conn, callback) => {
        session.refreshAccessToken().then(
          (token) => callback(undefined, token),
          (error: Error) => callback(error),
        );
      },
    });
  }

  return {
    service: 'salesforce',
    batchSize: BATCH,

    async authorizeUrl({ state, redirectUri }) {
      return (await oauth2(redirectUri)).getAuthorizationUrl({ scope: 'api refresh_token id', state });
    },

    async exchangeCode({ code, redirectUri }): Promise<ConnectedAccount> {
      await guard(config.loginUrl);
      const conn = new (await loadJsforce()).Connection({ oauth2: await oauth2(redirectUri), version: SALESFORCE_API_VERSION });
      try {
        const info = await conn.authorize(code);
        await guard(conn.instanceUrl);
        const identity = await conn.identity();
        return {
          accessToken: conn.accessToken!,
          refreshToken: conn.refreshToken ?? null,
          expiresAt: null, // Salesforce does not say; a 401 triggers the refresh
          instanceUrl: conn.instanceUrl,
          email: identity.email ?? null,
          portalId: info.organizationId ?? null,
        };
      } catch (error) {
        throw vendorError(error);
      }
    },

    async refresh(refreshToken): Promise<TokenSet> {
      await guard(config.loginUrl);
      try {
        const res = await (await oauth2()).refreshToken(refreshToken);
        return { accessToken: res.access_token, refreshToken, expiresAt: null, instanceUrl: res.instance_url };
      } catch (error) {
        throw vendorError(error);
      }
    },

    async push(session, contacts) {
      const type = session.profileType === 'contact' ? 'Contact' : 'Lead';
      const conn = await connection(session);
      const url = (id: string) => `${conn.instanceUrl}/lightning/r/${type}/${id}/view`;
      try {
        // Upsert by email: contacts we never pushed are looked up first, so a retry updates.
        const emails = contacts.filter((c) => !c.externalId && c.email).map((c) => c.email!.toLowerCase());
        const existing = new Map<string, string>();
        if (emails.length > 0) {
          const found = await conn.query<Row>(`SELECT Id, Email FROM ${type} WHERE Email IN (${[...new Set(emails)].map(soqlString).join(', ')})`);
          for (const r of found.records) if (typeof r.Email === 'string') existing.set(r.Email.toLowerCase(), r.Id);
        }
        const idOf = (c: CrmContactInput) => c.externalId ?? (c.email ? existing.get(c.email.toLowerCase()) : undefined) ?? null;
        const updates = contacts.filter((c) => idOf(c));
        const creates = contacts.filter((c) => !idOf(c));
        const outcomes: PushOutcome[] = [];
        if (updates.length) {
          const results = (await conn.sobject(type).update(updates.map((c) => ({ Id: idOf(c)!, ...fields(type, c) })), { allOrNone: false })) as SaveResult[];
          updates.forEach((c, i) => {
            const r = results[i]!;
            outcomes.push({ contactId: c.contactId, externalId: idOf(c), url: url(idOf(c)!), error: r.success ? null : errorText(r) });
          });
        }
        if (creates.length) {
          const results = (await conn.sobject(type).create(creates.map((c) => fields(type, c)), { allOrNone: false })) as SaveResult[];
          creates.forEach((c, i) => {
            const r = results[i]!;
            outcomes.push(r.success && r.id ? { contactId: c.contactId, externalId: r.id, url: url(r.id), error: null } : { contactId: c.contactId, externalId: null, url: null, error: errorText(r) });
          });
        }
        return outcomes;
      } catch (error) {
        throw error instanceof VendorError ? error : vendorError(error);
      }
    },

    async pull(session, cursor) {
      const type = session.profileType === 'contact' ? 'Contact' : 'Lead';
      const conn = await connection(session);
      const columns = type === 'Lead' ? 'Id, FirstName, LastName, Email, Title, Phone, Company, Website, Industry, City, State, Country' : 'Id, FirstName, LastName, Email, Title, Phone, MailingCity, MailingState, MailingCountry';
      try {
        const page = cursor
          ? await conn.queryMore<Row>(cursor)
          : await conn.query<Row>(`SELECT ${columns} FROM ${type} ORDER BY Id`, { autoFetch: false });
        const contacts: PulledContact[] = page.records.map((r) => ({
          externalId: r.Id,
          email: str(r.Email),
          firstName: str(r.FirstName),
          lastName: str(r.LastName),
          jobTitle: str(r.Title),
          companyName: str(r.Company),
          companyDomain: str(r.Website),
          phone: str(r.Phone),
          linkedinUrl: null,
          city: str(r.City ?? r.MailingCity),
          state: str(r.State ?? r.MailingState),
          country: str(r.Country ?? r.MailingCountry),
          industry: str(r.Industry),
        }));
        return { contacts, next: page.done ? null : (page.nextRecordsUrl ?? null) };
      } catch (error) {
        throw vendorError(error);
      }
    },
  };
}
