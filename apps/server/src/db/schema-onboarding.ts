import type { ColumnType, Generated } from 'kysely';

/** A team's default knowledge profile as onboarding recorded it (migration 0150). */
export interface OnboardingProfilesTable {
  team_id: string;
  user_id: string | null;
  profile_name: string;
  /** `[{url, isCompetitor, includeSubPages}]` */
  root_urls: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Domains a team allows website visitor tracking on (migration 0150). */
export interface WebsiteAllowedDomainsTable {
  team_id: string;
  domain: string;
  created_at: Generated<Date>;
}
