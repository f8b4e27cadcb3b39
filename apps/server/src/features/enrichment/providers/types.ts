/**
 * The one interface every enrichment provider implements. The waterfall
 * (`enrichment.waterfall.ts`) asks providers in order until one gives an accurate match; each
 * answer says which provider produced it, so every stored field keeps its source.
 */

/** Who to look for. Everything is optional; a provider uses what it can and answers null when it has too little. */
export type EnrichmentQuery = {
  /** The people database's id, when the prospect came from a search row. */
  personId: string | null;
  /** Short form `linkedin.com/in/slug` (see `shortLinkedInUrl`), or null. */
  linkedinUrl: string | null;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  /** Bare domain, e.g. `acme.com`. */
  companyDomain: string | null;
  /** Free text, e.g. 'berlin, germany'. */
  location: string | null;
};

/** What the caller wants from this look-up. `personalEmails`: the team prefers personal emails too. */
export type EnrichmentWants = { email: boolean; phone: boolean; personalEmails: boolean };

export type FoundEmail = {
  email: string;
  /** One of EMAIL_STATUSES: valid, personal, hq, invalid, do_not_mail, catch-all, unknown. */
  status: string;
  kind: 'work' | 'personal';
};
export type FoundPhone = { phoneNumber: string; /** 'valid' (a mobile or direct number we trust) or 'other'. */ status: string };

/** One provider's answer. Empty arrays: looked, found nothing. */
export type ProviderAnswer = { provider: string; emails: FoundEmail[]; phones: FoundPhone[] };

export interface EnrichmentProvider {
  /** Stable name stored with each field it produced, e.g. 'local_database', 'email_pattern', 'people_data_labs'. */
  readonly name: string;
  /**
   * Looks the person up. Answers null when the query has too little for this provider, an answer
   * (possibly empty) when it looked. Throws `ProviderUnavailableError` when the provider could
   * not answer (network, 5xx after retries, bad key): the waterfall then tries the next one and
   * the contact is not marked as "nothing found".
   */
  lookup(query: EnrichmentQuery, wants: EnrichmentWants, signal?: AbortSignal): Promise<ProviderAnswer | null>;
}

export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderUnavailableError';
  }
}
