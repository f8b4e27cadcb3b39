import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type VerificationRunState = 'running' | 'completed' | 'failed';

/** One email verification of a contact or of a list (migration 0090). */
export interface EmailVerificationRunsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  list_id: string | null;
  progress_id: string | null;
  hold_id: string | null;
  /** Addresses the run set out to check (what its hold covers). */
  emails: Generated<number>;
  state: Generated<VerificationRunState>;
  error: string | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

/** A contact whose unchecked emails a run checks; `done` once written with its charges. */
export interface EmailVerificationItemsTable {
  run_id: string;
  seq: number;
  contact_id: string;
  done: Generated<boolean>;
}

export type EmailVerificationRun = Selectable<EmailVerificationRunsTable>;
