/**
 * Credit business constants of spec/settings.md §9 and spec/prospecting.md §9, verbatim.
 * Prices are in cents.
 */

/** Credits per action (settings.md §9 "Credit costs per action"). */
export const CREDIT_COSTS = {
  agentResearchQuery: 5,
  agentListBuilder: 10,
  b2bContactSearch: 5,
  professionalEmailBasic: 25,
  professionalEmailWaterfall: 50,
  personalAndProfessionalEmail: 100,
  phone: 200,
  emailValidation: 5,
  aiEmail: 5,
  manualEmail: 2,
  personLevelWebsiteVisitor: 200,
  personAndCompanyWebsiteVisitor: 50,
  dedicatedInboxPerInbox: 1000,
  aiEmailWarmupPerInbox: 2000,
  linkedinConnectionRequest: 50,
  linkedinMessage: 10,
  callRecordingPerMinute: 25,
  /** Enrichment pack 'Work emails + Premium database', per row. */
  packWorkEmailsPremium: 50,
  /** Enrichment pack 'Personal emails + Premium database', per row. */
  packPersonalEmailsPremium: 100,
  phoneNumberPerMonth: 50,
  defaultMailbox: 2500,
} as const;
export type CreditCostName = keyof typeof CREDIT_COSTS;

/** The enrichment packs as the dialogs label them. */
export const ENRICHMENT_PACKS = [
  { label: 'Work emails + Premium database', creditsPerRow: CREDIT_COSTS.packWorkEmailsPremium },
  { label: 'Personal emails + Premium database', creditsPerRow: CREDIT_COSTS.packPersonalEmailsPremium },
] as const;

export type PlanId = 'hobby' | 'solopreneur' | 'startup' | 'growth';
export type PlanVariation = { cycle: 'monthly' | 'yearly'; credits: number; priceCents: number };
export type Plan = { id: PlanId; name: string; custom: boolean; popular: boolean; monthly: PlanVariation | null; yearly: PlanVariation | null };

/** Plans of settings.md §9; Growth is custom (sales booking link). */
export const PLANS: Record<PlanId, Plan> = {
  hobby: {
    id: 'hobby',
    name: 'Hobby',
    custom: false,
    popular: false,
    monthly: { cycle: 'monthly', credits: 15_000, priceCents: 5_000 },
    yearly: { cycle: 'yearly', credits: 180_000, priceCents: 48_000 },
  },
  solopreneur: {
    id: 'solopreneur',
    name: 'Solopreneur',
    custom: false,
    popular: false,
    monthly: { cycle: 'monthly', credits: 100_000, priceCents: 20_000 },
    yearly: { cycle: 'yearly', credits: 1_200_000, priceCents: 192_000 },
  },
  startup: {
    id: 'startup',
    name: 'Startup',
    custom: false,
    popular: true,
    monthly: { cycle: 'monthly', credits: 400_000, priceCents: 50_000 },
    yearly: { cycle: 'yearly', credits: 4_800_000, priceCents: 480_000 },
  },
  growth: { id: 'growth', name: 'Growth', custom: true, popular: false, monthly: null, yearly: null },
};

/** A new team's plan and trial (settings.md §9: Hobby has a 7 day free trial). */
export const STARTING_PLAN: PlanId = 'hobby';
export const TRIAL_DAYS = 7;
/** Yearly billing shows -20%. */
export const YEARLY_DISCOUNT = 0.2;

/** The credits a period of this plan starts with: its monthly credits (0 for custom or unknown plans). */
export function planCredits(plan: string): number {
  return (PLANS as Record<string, Plan | undefined>)[plan]?.monthly?.credits ?? 0;
}

export function planName(plan: string): string {
  return (PLANS as Record<string, Plan | undefined>)[plan]?.name ?? plan;
}

/** Credit packs (settings.md §9), sold as a quantity of 10,000-credit units. */
export const CREDIT_PACK_UNIT = 10_000;
export const CREDIT_PACKS = [
  { credits: 10_000, priceCents: 2_000, popular: false },
  { credits: 50_000, priceCents: 10_000, popular: true },
  { credits: 100_000, priceCents: 20_000, popular: false },
] as const;
