import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A lease on one instance of a supervised service; see migration 0025. */
export interface ServiceLeasesTable {
  service: string;
  key: string;
  holder: string;
  acquired_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
  expires_at: Timestamp;
}
