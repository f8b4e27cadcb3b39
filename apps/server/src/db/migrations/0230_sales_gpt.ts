import { sql, type Kysely } from 'kysely';

/**
 * SalesGPT conversations, each its member's own, and their messages in the chat-completions
 * shape (user, assistant with the tool calls it asked for, tool answers), so a conversation is
 * replayed to the model as it was. A tool message that waits for the user's yes carries
 * `action_status` 'pending' and the arguments the model wrote.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sales_gpt_conversations (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      title text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sales_gpt_conversations_user on sales_gpt_conversations (user_id, updated_at desc)`.execute(db);
  await sql`
    create table sales_gpt_messages (
      id uuid primary key default gen_random_uuid(),
      conversation_id uuid not null references sales_gpt_conversations(id) on delete cascade,
      seq bigint generated always as identity,
      role text not null check (role in ('user', 'assistant', 'tool')),
      content text not null default '',
      tool_calls jsonb,
      tool_call_id text,
      tool_name text,
      tool_args jsonb,
      action_status text check (action_status in ('pending', 'approved', 'declined')),
      action_summary text,
      result jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sales_gpt_messages_conversation on sales_gpt_messages (conversation_id, seq)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sales_gpt_messages`.execute(db);
  await sql`drop table sales_gpt_conversations`.execute(db);
}
