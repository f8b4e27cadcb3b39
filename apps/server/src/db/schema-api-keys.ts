import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** An API key by its hash, with the visible ends of the masked form (migration 0115). */
export interface ApiKeysTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  key_hash: string;
  key_first: string;
  key_last: string;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
  window_started_at: Generated<Date>;
  window_calls: Generated<number>;
}
