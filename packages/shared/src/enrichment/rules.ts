/**
 * Enrichment business rules of spec/prospecting.md §4, §5 and §9 as pure functions, used by the
 * server (what to charge, what to skip) and the web app (what the dialogs and rows show).
 */
import { CREDIT_COSTS } from '../credits/constants.js';
import { prospectCanBeEnriched } from '../search/normalize.js';

export const ENRICH_TYPES = ['all', 'phone', 'email'] as const;
type EnrichType = (typeof ENRICH_TYPES)[number];

/** A no-result enrichment is remembered this long (spec §9: 90 days, 7,776,000,000 ms). */
export const NO_RESULT_MEMORY_MS = 7_776_000_000;

/**
 * The most prospects one bulk enrichment takes (spec §9: "a limit constant whose value is not
 * shown"; our decision, see docs/decisions.md).
 */
export const BULK_ENRICH_MAX = 50_000;

/** What decides the email price: the user's database type and personal-email priority (spec §3, §9). */
export type EnrichmentPricing = { databaseType: string; arePersonalEmailsPriority: boolean };

/**
 * Credits per prospect for an email found (spec §9):
 * - premium database, personal emails first: 'Personal emails + Premium database' (100);
 * - premium database, work emails: 'Work emails + Premium database' (50, the waterfall price);
 * - other database, personal emails first: personal and professional email (100);
 * - other database, work emails: professional email basic (25).
 */
export function emailCost(pricing: EnrichmentPricing): number {
  const premium = pricing.databaseType === 'premium';
  if (pricing.arePersonalEmailsPriority) return premium ? CREDIT_COSTS.packPersonalEmailsPremium : CREDIT_COSTS.personalAndProfessionalEmail;
  return premium ? CREDIT_COSTS.packWorkEmailsPremium : CREDIT_COSTS.professionalEmailBasic;
}

/** Credits per prospect for a phone found (spec §9: 200). */
export const phoneCost = (): number => CREDIT_COSTS.phone;

export const wantsEmail = (type: EnrichType) => type === 'all' || type === 'email';
export const wantsPhone = (type: EnrichType) => type === 'all' || type === 'phone';

/** The most one prospect can cost for this enrichment type: the email and the phone price it asks for. */
export function enrichmentCostPerProspect(type: EnrichType, pricing: EnrichmentPricing): number {
  return (wantsEmail(type) ? emailCost(pricing) : 0) + (wantsPhone(type) ? phoneCost() : 0);
}

/** The dialogs' 'maximum credits': per-prospect cost times the count (spec §9). */
export function maximumCredits(type: EnrichType, pricing: EnrichmentPricing, count: number): number {
  return enrichmentCostPerProspect(type, pricing) * Math.max(0, Math.floor(count));
}

/** The enrich type of the dialogs' two checkboxes; null when neither is ticked. */
export function enrichTypeOf(choice: { email: boolean; phone: boolean }): EnrichType | null {
  if (choice.email && choice.phone) return 'all';
  if (choice.email) return 'email';
  if (choice.phone) return 'phone';
  return null;
}

/** Bulk Enrich count (spec §5): a whole number clamped to 1..min(prospects, cap). */
export function clampBulkCount(requested: number, prospects: number, cap: number = BULK_ENRICH_MAX): number {
  const upper = Math.max(1, Math.min(Math.floor(prospects), cap));
  if (!Number.isFinite(requested)) return upper;
  return Math.min(upper, Math.max(1, Math.floor(requested)));
}

/**
 * The count Bulk Enrich opens at: as many prospects as the balance pays for at the maximum
 * price (so the default never meets a 402), and never more than the source holds or the cap;
 * at least 1, the dialog's lower bound, even when the balance pays for none.
 */
export function affordableBulkCount(available: number, costPerProspect: number, prospects: number, cap: number = BULK_ENRICH_MAX): number {
  const affordable = costPerProspect > 0 ? Math.floor(Math.max(0, available) / costPerProspect) : Number.POSITIVE_INFINITY;
  return clampBulkCount(Math.min(affordable, prospects, cap), prospects, cap);
}

/**
 * The 90-day rule (spec §4): an enrichment of this kind ran within the last 90 days and found
 * nothing. The row shows 'No emails found' / 'No phone numbers found', and it is not re-run.
 */
export function isRememberedNoResult(lastEnrichment: string | Date | null | undefined, found: number, now: number = Date.now()): boolean {
  if (found > 0 || !lastEnrichment) return false;
  const at = typeof lastEnrichment === 'string' ? Date.parse(lastEnrichment) : lastEnrichment.getTime();
  return Number.isFinite(at) && now - at < NO_RESULT_MEMORY_MS;
}

/** State of one contact for one kind: values to show, a remembered miss, or nothing yet. */
export type ChannelState = 'found' | 'not_found' | 'none';
export function channelState(lastEnrichment: string | Date | null | undefined, found: number, now: number = Date.now()): ChannelState {
  if (found > 0) return 'found';
  return isRememberedNoResult(lastEnrichment, found, now) ? 'not_found' : 'none';
}

/** Contact as enrichment sees it: what it has and when each kind was last tried. */
export type EnrichableState = {
  emails: number;
  phones: number;
  lastEmailEnrichment: string | Date | null;
  lastPhoneEnrichment: string | Date | null;
};

/** A stored email as enrichment and verification read it: `verifiedAt` once an email validation checked it. */
export type StoredEmailState = { status: string; verifiedAt?: string | null | undefined };

/**
 * Whether an email counts as found for enrichment: an address from a provider does; an uploaded
 * one counts only once a verification proved it (unchecked, or checked and not verified, the
 * contact may still be enriched for a verified one).
 */
export function countsAsFoundEmail(e: StoredEmailState): boolean {
  if (e.status === 'unverified') return false;
  return !e.verifiedAt || isAccurateEmail(e.status);
}

/** Emails an email validation may still check: unchecked uploads and unchecked guesses ('unknown'). */
export const needsVerification = (e: StoredEmailState): boolean => !e.verifiedAt && (e.status === 'unverified' || e.status === 'unknown');

/** The kinds an enrichment of `type` still has to look up for this contact (empty: already enriched). */
export function kindsToEnrich(type: EnrichType, c: EnrichableState, now: number = Date.now()): Array<'email' | 'phone'> {
  const kinds: Array<'email' | 'phone'> = [];
  if (wantsEmail(type) && channelState(c.lastEmailEnrichment, c.emails, now) === 'none') kinds.push('email');
  if (wantsPhone(type) && channelState(c.lastPhoneEnrichment, c.phones, now) === 'none') kinds.push('phone');
  return kinds;
}

/** Spec §5 "Prospect quality" for a team contact: the search row's rule (`prospectCanBeEnriched`) on its fields. */
export function canEnrich(p: { linkedinUrl?: string | null; fullName?: string | null; companyName?: string | null }): boolean {
  return prospectCanBeEnriched({ linkedin_url: p.linkedinUrl ?? null, full_name: p.fullName ?? null, job_company_name: p.companyName ?? null });
}

/**
 * Spec §4's statuses, and 'unverified': an address someone typed or uploaded (a file, a CRM pull,
 * a prospect created by hand) that nobody has checked yet (docs/decisions.md, Email verification).
 */
export const EMAIL_STATUSES = ['valid', 'personal', 'hq', 'invalid', 'do_not_mail', 'catch-all', 'unknown', 'unverified'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type EmailStatusDisplay = 'verified' | 'do_not_email' | 'risky' | 'unverified';

/**
 * Spec §4 "Email status display": valid, personal, hq verified; invalid, do_not_mail do not email;
 * catch-all, unknown risky. An unchecked upload is shown as such, never as one of those.
 */
export function emailStatusDisplay(status: string): EmailStatusDisplay {
  switch (status) {
    case 'unverified':
      return 'unverified';
    case 'valid':
    case 'personal':
    case 'hq':
      return 'verified';
    case 'invalid':
    case 'do_not_mail':
      return 'do_not_email';
    default:
      return 'risky';
  }
}

export const EMAIL_STATUS_LABELS: Record<EmailStatusDisplay, string> = {
  verified: 'Verified',
  do_not_email: 'Do not email',
  risky: 'Accepts all',
  unverified: 'Unverified',
};

/** Spec §4: a phone is valid or other. */
export const phoneStatusDisplay = (status: string): 'valid' | 'other' => (status === 'valid' ? 'valid' : 'other');

/**
 * An accurate match, the only thing charged (spec: 'You will only be charged for accurate
 * matches.'): an email shown as verified, or a phone number whose status is valid.
 */
export const isAccurateEmail = (status: string) => emailStatusDisplay(status) === 'verified';
export const isAccuratePhone = (status: string) => phoneStatusDisplay(status) === 'valid';
