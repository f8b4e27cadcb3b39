import type { ColumnType, Generated } from 'kysely';
import type { AgentKind, AgentRunStatus, AgentSchedule } from '@leadline/shared/agents/index';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | null, string | null>;

/** See migration 0240. */
export interface AgentsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  kind: AgentKind;
  name: string;
  instructions: string;
  list_id: string | null;
  profile_id: string | null;
  schedule: AgentSchedule;
  max_results: Generated<number>;
  paused: Generated<boolean>;
  next_run_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AgentRunsTable {
  id: Generated<string>;
  agent_id: string;
  team_id: string;
  trigger: 'schedule' | 'manual';
  status: Generated<AgentRunStatus>;
  progress_done: Generated<number>;
  progress_total: number | null;
  results: Generated<number>;
  credits_charged: Generated<number>;
  attempts: Generated<number>;
  filters: Json<unknown>;
  error: string | null;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface AgentRunContactsTable {
  run_id: string;
  contact_id: string;
}

export interface AgentAnswersTable {
  agent_id: string;
  contact_id: string;
  run_id: string;
  answer: string;
  answered_at: Generated<Date>;
}
