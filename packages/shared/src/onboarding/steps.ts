/**
 * The onboarding steps of spec/engage.md §2 in order, stored in `users.onboardingStep`, then
 * 'finished'. A new owner starts at 'company' (index 1): the plan step is there to go back to.
 */
export const ONBOARDING_STEPS = ['plan', 'company', 'integrations', 'power-ups'] as const;
export type OnboardingStepName = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_FINISHED = 'finished';
export type OnboardingStep = OnboardingStepName | typeof ONBOARDING_FINISHED;
export const ONBOARDING_START_STEP: OnboardingStepName = 'company';

/** A step's place: its index, or past the last step for 'finished' (and any unknown value). */
export function onboardingStepIndex(step: string): number {
  const index = (ONBOARDING_STEPS as readonly string[]).indexOf(step);
  return index < 0 ? ONBOARDING_STEPS.length : index;
}

/** Saving `target` moves the user forward: a user is never put back behind where they are. */
export const isBehindStep = (current: string, target: string): boolean => onboardingStepIndex(current) < onboardingStepIndex(target);

export const isOnboarding = (step: string): boolean => step !== ONBOARDING_FINISHED && onboardingStepIndex(step) < ONBOARDING_STEPS.length;

/** The guided tours of spec/engage.md §2 and their step counts. */
export const TOURS = {
  'prospect-lists': { title: 'Prospect lists', steps: 3 },
  'list-detail': { title: 'List detail', steps: 2 },
  'prospect-search': { title: 'Prospect search', steps: 5 },
  'new-campaign': { title: 'New campaign', steps: 4 },
  insights: { title: 'Insights', steps: 4 },
} as const;
export type TourId = keyof typeof TOURS;
export const TOUR_IDS = Object.keys(TOURS) as TourId[];
/** The search tour waits for results before its third step (index 2), then reopens there. */
export const SEARCH_TOUR_RESULTS_STEP = 2;

/** Onboarding's messages (spec/engage.md §8, spec/settings.md §5), verbatim. */
export const ONBOARDING_MESSAGES = {
  competitorRequired: 'Please add at least one competitor domain',
  createCompanyFailed: 'There was an error trying to create your company. Please try again later!',
  launchFailed: 'There was an error launching your workspace. Please try again later!',
  paymentFailed: 'There was an error trying to create your payment. Please try again later!',
  invalidDomain: 'Please enter a valid domain',
  domainExists: 'Domain already exists',
  domainAdded: 'Domain added successfully!',
  domainRemoved: 'Domain removed successfully!',
  domainAddFailed: 'There was an error trying to add the domain. Please try again later!',
  domainRemoveFailed: 'There was an error trying to remove the domain. Please try again later!',
  scriptCopied: 'Script tag copied to clipboard!',
  billingOff: 'Billing is not configured on this server: you continue on the 7-day Hobby free trial.',
} as const;

/** The knowledge profile onboarding creates (spec/settings.md §9). */
export const DEFAULT_KNOWLEDGE_PROFILE_NAME = 'My First Knowledge Hub';
export const MAX_SUBPAGES = 100;
export const MAX_COMPETITOR_DOMAINS = 20;
export const MAX_ALLOWED_DOMAINS = 50;

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A typed domain or URL reduced to its host name: trimmed, lower-cased, without scheme, path,
 * port or a leading "www."; null when what remains is not a host name with a dot.
 */
export function normalizeDomain(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/:\d+$/, '').replace(/\.$/, '').replace(/^www\./, '');
  return HOST.test(host) ? host : null;
}

/** The copyable tag of the power-ups step: it loads the tracker for this team from this server. */
export function trackingScriptTag(origin: string, teamId: string): string {
  return `<script async src="${origin}/tracker.js" data-team="${teamId}"></script>`;
}
