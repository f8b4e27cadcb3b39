import type { Generated } from 'kysely';

/** The knowledge profile the team's company step created, which saving the step again updates (migration 0190). */
export interface OnboardingKnowledgeProfilesTable {
  team_id: string;
  profile_id: string;
}

/** Domains a team allows website visitor tracking on (migration 0150). */
export interface WebsiteAllowedDomainsTable {
  team_id: string;
  domain: string;
  created_at: Generated<Date>;
}
