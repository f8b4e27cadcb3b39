import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A request sent with an Idempotency-Key, and its answer once it has one (migration 0041). */
export interface IdempotencyKeysTable {
  team_id: string;
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  attempt: string;
  status: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
  completed_at: Timestamp | null;
}
