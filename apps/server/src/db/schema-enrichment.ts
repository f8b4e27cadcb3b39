import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type EnrichType = 'all' | 'phone' | 'email';
export type EnrichKind = 'email' | 'phone';
export type EnrichmentRunState = 'running' | 'completed' | 'failed';
export type EnrichmentItemState = 'pending' | 'found' | 'not_found' | 'skipped' | 'failed';
export type ItemSource = { field: string; provider: string };

/** One single enrichment or one bulk job (migration 0007). */
export interface EnrichmentRunsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  enrich_type: EnrichType;
  source: string;
  list_id: string | null;
  progress_id: string | null;
  hold_id: string | null;
  credits_held: Generated<number>;
  state: Generated<EnrichmentRunState>;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

/** A contact a run looks up; it reaches one final state with the contact's new data and its charge. */
export interface EnrichmentItemsTable {
  run_id: string;
  seq: number;
  contact_id: string;
  kinds: EnrichKind[];
  state: Generated<EnrichmentItemState>;
  credits_charged: Generated<number>;
  sources: Json<ItemSource[]>;
  error: string | null;
  finished_at: Timestamp | null;
}

export type EnrichmentRun = Selectable<EnrichmentRunsTable>;
export type EnrichmentItem = Selectable<EnrichmentItemsTable>;
