import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

export interface SalesGptConversationsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  title: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type StoredToolCall = { id: string; name: string; arguments: unknown };

export interface SalesGptMessagesTable {
  id: Generated<string>;
  conversation_id: string;
  seq: Generated<string>;
  role: 'user' | 'assistant' | 'tool';
  content: Generated<string>;
  tool_calls: Json<StoredToolCall[]> | null;
  tool_call_id: string | null;
  tool_name: string | null;
  tool_args: Json<unknown> | null;
  action_status: 'pending' | 'approved' | 'declined' | null;
  action_summary: string | null;
  result: Json<unknown> | null;
  created_at: Generated<Date>;
}
