import { isAccurateEmail, isAccuratePhone } from '@leadline/shared';
import { ProviderUnavailableError, type EnrichmentProvider, type EnrichmentQuery, type EnrichmentWants } from './providers/types.js';

export type SourcedEmail = { email: string; status: string; source: string };
export type SourcedPhone = { phoneNumber: string; status: string; source: string };

export type WaterfallResult = {
  emails: SourcedEmail[];
  phones: SourcedPhone[];
  /** Some provider looked (answered, even with nothing): a miss is then a real "not found". */
  looked: boolean;
  /** Providers that could not answer, with why. */
  unavailable: string[];
};

/**
 * Asks providers in order until each wanted kind has an accurate match (a verified email, a
 * valid phone); a kind already matched is not asked of the next provider. Inaccurate finds (a
 * risky guess) are kept, so a later accurate one comes first, and a provider that cannot answer
 * does not stop the others.
 */
export async function runWaterfall(providers: EnrichmentProvider[], query: EnrichmentQuery, wants: EnrichmentWants, signal?: AbortSignal): Promise<WaterfallResult> {
  const result: WaterfallResult = { emails: [], phones: [], looked: false, unavailable: [] };
  let needEmail = wants.email;
  let needPhone = wants.phone;
  for (const provider of providers) {
    if (!needEmail && !needPhone) break;
    let answer;
    try {
      answer = await provider.lookup(query, { ...wants, email: needEmail, phone: needPhone }, signal);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      result.unavailable.push(error.message);
      continue;
    }
    if (!answer) continue;
    result.looked = true;
    if (needEmail) {
      for (const e of answer.emails) {
        const email = e.email.trim().toLowerCase();
        if (!result.emails.some((x) => x.email === email)) result.emails.push({ email, status: e.status, source: answer.provider });
      }
      needEmail = !result.emails.some((e) => isAccurateEmail(e.status));
    }
    if (needPhone) {
      for (const p of answer.phones) {
        if (!result.phones.some((x) => x.phoneNumber === p.phoneNumber)) result.phones.push({ phoneNumber: p.phoneNumber, status: p.status, source: answer.provider });
      }
      needPhone = !result.phones.some((p) => isAccuratePhone(p.status));
    }
  }
  // Accurate finds first, so the primary item is the best one.
  result.emails.sort((a, b) => Number(isAccurateEmail(b.status)) - Number(isAccurateEmail(a.status)));
  result.phones.sort((a, b) => Number(isAccuratePhone(b.status)) - Number(isAccuratePhone(a.status)));
  return result;
}
