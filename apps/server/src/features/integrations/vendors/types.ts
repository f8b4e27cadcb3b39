import type { CrmService } from '@leadline/shared';

/** Tokens as a vendor's OAuth token endpoint answers them. */
export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; instanceUrl?: string | null };

/** Who connected: shown on the CRM card (spec/settings.md §3 CRM auth). */
export type ConnectedAccount = TokenSet & { email: string | null; portalId: string | null };

/** One of the team's contacts, as a CRM record's fields. */
export type CrmContactInput = {
  contactId: string;
  /** The CRM's id for it, when an earlier push created it. */
  externalId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  companyName: string | null;
  companyDomain: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  industry: string | null;
};

/** What became of one contact in a push: its CRM id and page, or the CRM's own error. */
export type PushOutcome = { contactId: string; externalId: string | null; url: string | null; error: string | null };

/** A CRM record read by a pull. */
export type PulledContact = Omit<CrmContactInput, 'contactId' | 'externalId'> & { externalId: string };

/** What a CRM call needs: a current access token, and a way to get a new one when it is refused. */
export type CrmSession = {
  accessToken(): Promise<string>;
  /** Refreshes after a 401; answers the new token. */
  refreshAccessToken(): Promise<string>;
  instanceUrl: string | null;
  portalId: string | null;
  /** Salesforce: push as Lead or Contact. */
  profileType: 'contact' | 'lead';
};

/** The narrow interface every CRM adapter implements; the service never sees vendor formats. */
export interface CrmAdapter {
  readonly service: CrmService;
  authorizeUrl(input: { state: string; redirectUri: string }): string | Promise<string>;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<ConnectedAccount>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Creates or updates each contact, at most `batchSize` at a time; never duplicates one that exists. */
  push(session: CrmSession, contacts: CrmContactInput[]): Promise<PushOutcome[]>;
  /** One page of the CRM's contacts, from `cursor` (null: the first page). */
  pull(session: CrmSession, cursor: string | null): Promise<{ contacts: PulledContact[]; next: string | null }>;
  readonly batchSize: number;
}

/** The vendor answered in a way that is not a per-record problem (bad token, outage, refusal). */
export class VendorError extends Error {
  constructor(readonly service: string, readonly status: number, message: string, readonly retryable: boolean) {
    super(`${service}: ${message}`);
    this.name = 'VendorError';
  }
}

/** The vendor refused the token even after a refresh: the team must reconnect. */
export class VendorAuthError extends VendorError {
  constructor(service: string, message: string) {
    super(service, 401, message, false);
    this.name = 'VendorAuthError';
  }
}

export const splitName = (first: string | null, last: string | null) => ({ first: first?.trim() || null, last: last?.trim() || null });
