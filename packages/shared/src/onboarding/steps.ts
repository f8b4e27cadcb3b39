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
export const TOUR_IDS: readonly TourId[] = ['prospect-lists', 'list-detail', 'prospect-search', 'new-campaign', 'insights'];
/** The search tour waits for results before its third step (index 2), then reopens there. */
export const SEARCH_TOUR_RESULTS_STEP = 2;
