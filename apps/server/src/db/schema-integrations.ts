import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type IntegrationServiceName = 'hubspot' | 'salesforce' | 'zapier' | 'slack';

export interface IntegrationsTable {
  id: Generated<string>;
  team_id: string;
  service: IntegrationServiceName;
  is_crm: ColumnType<boolean, never, never>;
  connected_by: string | null;
  account_email: string | null;
  portal_id: string | null;
  instance_url: string | null;
  /** Sealed with the installation's SecretBox; never sent to a browser. */
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Timestamp | null;
  settings: Json<Record<string, unknown>>;
  user_for_sync_id: string | null;
  last_pull_at: Timestamp | null;
  last_push_at: Timestamp | null;
  pull_lease_until: Timestamp | null;
  /** The pull run holding the lease. */
  pull_lease_run: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CrmRecordsTable {
  contact_id: string;
  service: string;
  team_id: string;
  external_id: string;
  updated_at: Generated<Date>;
}

export interface SyncRunsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string | null;
  service: string;
  direction: 'push' | 'pull';
  params: Json<Record<string, unknown>>;
  cursor: string | null;
  list_id: string | null;
  progress_id: string | null;
  pushed: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
  state: Generated<'running' | 'completed' | 'failed' | 'skipped'>;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

export type Integration = Selectable<IntegrationsTable>;
export type SyncRun = Selectable<SyncRunsTable>;
