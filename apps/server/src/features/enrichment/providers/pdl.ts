import type { OutboundClient } from '../../../lib/http/outbound.js';
import { ProviderUnavailableError, type EnrichmentProvider, type EnrichmentQuery, type EnrichmentWants, type FoundEmail, type FoundPhone, type ProviderAnswer } from './types.js';

export const PEOPLE_DATA_LABS = 'people_data_labs';

/** The parts of PDL's person record (v5 Person Enrichment API) this provider reads. */
type PdlPersonData = {
  work_email?: string | boolean | null;
  personal_emails?: string[] | boolean | null;
  emails?: Array<{ address?: string | null; type?: string | null }> | boolean | null;
  mobile_phone?: string | boolean | null;
  phone_numbers?: string[] | boolean | null;
};
type PdlAnswer = { status: number; likelihood?: number; data?: PdlPersonData; error?: { type?: string; message?: string } };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : []);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Provider 3 of the waterfall: People Data Labs' Person Enrichment API
 * (`GET /v5/person/enrich`, `X-Api-Key`). It asks by LinkedIn URL (`profile`), else by name with
 * the company (and the place when known), with `min_likelihood` so weak matches answer 404.
 * 404 is "no match"; 401/403 (key) and 402 (PDL credits spent) make it unavailable until fixed;
 * 429 is waited out by the outbound client as the rate-limit headers say.
 */
export function createPdlProvider(options: { apiKey: string; baseUrl: string; minLikelihood: number; client: OutboundClient }): EnrichmentProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/v5/person/enrich`;
  return {
    name: PEOPLE_DATA_LABS,
    async lookup(query: EnrichmentQuery, wants: EnrichmentWants, signal?: AbortSignal): Promise<ProviderAnswer | null> {
      const byProfile = query.linkedinUrl;
      const byName = query.fullName && (query.companyName || query.companyDomain);
      if (!byProfile && !byName) return null;
      const params: Record<string, string | number | boolean | undefined> = byProfile
        ? { profile: byProfile }
        : { name: query.fullName!, company: query.companyDomain ?? query.companyName!, location: query.location ?? undefined };
      const required = [wants.email ? 'emails' : null, wants.phone ? 'phone_numbers' : null].filter(Boolean).join(' OR ');
      let response;
      try {
        response = await options.client.request({
          url: endpoint,
          headers: { 'x-api-key': options.apiKey },
          query: { ...params, min_likelihood: options.minLikelihood, ...(required ? { required } : {}), titlecase: false },
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        throw new ProviderUnavailableError(PEOPLE_DATA_LABS, (error as Error).message, { cause: error });
      }
      if (response.status === 404) return { provider: PEOPLE_DATA_LABS, emails: [], phones: [] };
      if (response.status !== 200) {
        const reason =
          response.status === 401 || response.status === 403
            ? 'the API key was refused'
            : response.status === 402
              ? 'the account has no credits left'
              : response.status === 429
                ? 'rate limited'
                : `HTTP ${response.status}`;
        throw new ProviderUnavailableError(PEOPLE_DATA_LABS, reason);
      }
      const data = response.json<PdlAnswer>().data ?? {};
      const emails: FoundEmail[] = [];
      const add = (email: string, kind: FoundEmail['kind']) => {
        const address = email.trim().toLowerCase();
        if (!emails.some((e) => e.email === address)) emails.push({ email: address, status: kind === 'work' ? 'valid' : 'personal', kind });
      };
      if (wants.email) {
        const work = text(data.work_email);
        if (work) add(work, 'work');
        for (const e of Array.isArray(data.emails) ? data.emails : []) {
          const address = text(e.address);
          if (address && e.type !== 'personal') add(address, 'work');
        }
        if (wants.personalEmails) {
          for (const e of strings(data.personal_emails)) add(e, 'personal');
          for (const e of Array.isArray(data.emails) ? data.emails : []) if (e.type === 'personal' && text(e.address)) add(e.address!, 'personal');
        }
      }
      const phones: FoundPhone[] = [];
      if (wants.phone) {
        const mobile = text(data.mobile_phone);
        if (mobile) phones.push({ phoneNumber: mobile, status: 'valid' });
        for (const p of strings(data.phone_numbers)) if (!phones.some((x) => x.phoneNumber === p)) phones.push({ phoneNumber: p, status: 'other' });
      }
      return { provider: PEOPLE_DATA_LABS, emails, phones };
    },
  };
}
