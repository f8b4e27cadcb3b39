import type { ColumnType, Generated } from 'kysely';

/** An ideal customer profile of a team (migration 0116). */
export interface IcpFiltersTable {
  id: Generated<string>;
  team_id: string;
  created_by: string | null;
  /** Kept so the table still names its author after they leave the team. */
  created_by_name: string;
  name: string;
  filters: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}
