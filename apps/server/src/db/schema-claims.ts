import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A contact's channel being looked up by a run (migration 0040). */
export interface EnrichmentClaimsTable {
  team_id: string;
  contact_id: string;
  channel: 'email' | 'phone';
  run_id: string;
  claimed_at: Generated<Date>;
}

/** A request sent with an Idempotency-Key, and its answer once it has one (migration 0041). */
export interface IdempotencyKeysTable {
  team_id: string;
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  status: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
  completed_at: Timestamp | null;
}
