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
/** A knowledge profile holds at most 20 root URLs (KNOWLEDGE_LIMITS.maxRootUrls): the company's site and 19 competitors. */
export const MAX_COMPETITOR_DOMAINS = 19;
export const MAX_ALLOWED_DOMAINS = 50;
