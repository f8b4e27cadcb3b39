import type { Generated } from 'kysely';

/** A search run a member paid for (migration 0065). */
export interface SearchRunsTable {
  team_id: string;
  user_id: string;
  filters_hash: string;
  run_id: Generated<string>;
  started_at: Generated<Date>;
}
