import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A job-running process's heartbeat and the jobs it holds; see migration 0060. */
export interface WorkerHeartbeatsTable {
  worker: string;
  started_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
  expires_at: Timestamp;
  job_ids: ColumnType<string[], string[] | undefined, string[]>;
}
