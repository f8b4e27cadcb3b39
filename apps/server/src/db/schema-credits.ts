import type { ColumnType, Generated } from 'kysely';
import type { LedgerKind } from '@leadline/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A calendar month in UTC, 'YYYY-MM': the unit of a member's credits cap. */
type Month = string;

export interface CreditPeriodsTable {
  id: Generated<string>;
  team_id: string;
  plan: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  total: Generated<number>;
  used: Generated<number>;
  held: Generated<number>;
  created_at: Generated<Date>;
}

/** Append-only: never updated or deleted (a database trigger refuses it). */
export interface CreditLedgerTable {
  id: Generated<string>;
  seq: Generated<number>;
  team_id: string;
  period_id: string;
  kind: LedgerKind;
  action: string;
  reason: string | null;
  user_id: string | null;
  amount: number;
  hold_id: string | null;
  refund_of: string | null;
  member_month: Month;
  idempotency_key: string;
  created_at: Generated<Date>;
}

export interface CreditMemberMonthsTable {
  team_id: string;
  user_id: string;
  month: Month;
  used: Generated<number>;
  held: Generated<number>;
}

export interface CreditHoldsTable {
  id: string;
  team_id: string;
  period_id: string;
  user_id: string | null;
  member_month: Month;
  amount: number;
  remaining: number;
  released_at: Timestamp | null;
  created_at: Generated<Date>;
  last_activity_at: Generated<Date>;
}
