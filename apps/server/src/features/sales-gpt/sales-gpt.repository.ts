import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { StoredToolCall } from '../../db/schema-sales-gpt.js';

type Owner = { teamId: string; userId: string };

export async function listConversations(db: Kysely<DB>, owner: Owner) {
  return db
    .selectFrom('sales_gpt_conversations')
    .selectAll()
    .where('team_id', '=', owner.teamId)
    .where('user_id', '=', owner.userId)
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
}

export async function findConversation(db: Kysely<DB>, owner: Owner, id: string) {
  return db.selectFrom('sales_gpt_conversations').selectAll().where('id', '=', id).where('team_id', '=', owner.teamId).where('user_id', '=', owner.userId).executeTakeFirst();
}

export async function insertConversation(db: Kysely<DB>, owner: Owner, title: string) {
  return db.insertInto('sales_gpt_conversations').values({ team_id: owner.teamId, user_id: owner.userId, title }).returningAll().executeTakeFirstOrThrow();
}

export async function renameConversation(db: Kysely<DB>, owner: Owner, id: string, title: string) {
  return db
    .updateTable('sales_gpt_conversations')
    .set({ title, updated_at: new Date() })
    .where('id', '=', id)
    .where('team_id', '=', owner.teamId)
    .where('user_id', '=', owner.userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConversation(db: Kysely<DB>, owner: Owner, id: string) {
  const { numDeletedRows } = await db
    .deleteFrom('sales_gpt_conversations')
    .where('id', '=', id)
    .where('team_id', '=', owner.teamId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function touchConversation(db: Kysely<DB>, id: string) {
  await db.updateTable('sales_gpt_conversations').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

export async function listMessages(db: Kysely<DB>, conversationId: string) {
  return db.selectFrom('sales_gpt_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('seq').execute();
}

export type NewMessage = {
  role: 'user' | 'assistant' | 'tool';
  content?: string;
  toolCalls?: StoredToolCall[];
  toolCallId?: string;
  toolName?: string;
  toolArgs?: unknown;
  actionStatus?: 'pending' | 'approved' | 'declined';
  actionSummary?: string;
  result?: unknown;
};

export async function insertMessage(db: Kysely<DB>, conversationId: string, m: NewMessage) {
  return db
    .insertInto('sales_gpt_messages')
    .values({
      conversation_id: conversationId,
      role: m.role,
      content: m.content ?? '',
      tool_calls: m.toolCalls ? JSON.stringify(m.toolCalls) : null,
      tool_call_id: m.toolCallId ?? null,
      tool_name: m.toolName ?? null,
      tool_args: m.toolArgs === undefined ? null : JSON.stringify(m.toolArgs),
      action_status: m.actionStatus ?? null,
      action_summary: m.actionSummary ?? null,
      result: m.result === undefined ? null : JSON.stringify(m.result),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves a pending action to approved or declined; null when it was not pending (already answered, or not this conversation's). */
export async function settleAction(db: Kysely<DB>, conversationId: string, id: string, status: 'approved' | 'declined') {
  return db
    .updateTable('sales_gpt_messages')
    .set({ action_status: status })
    .where('id', '=', id)
    .where('conversation_id', '=', conversationId)
    .where('action_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function setToolAnswer(db: Kysely<DB>, id: string, answer: { content: string; result: unknown }) {
  return db
    .updateTable('sales_gpt_messages')
    .set({ content: answer.content, result: answer.result === null ? null : JSON.stringify(answer.result) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether the conversation still waits for a yes or no. */
export async function hasPendingAction(db: Kysely<DB>, conversationId: string) {
  const row = await db.selectFrom('sales_gpt_messages').select('id').where('conversation_id', '=', conversationId).where('action_status', '=', 'pending').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function findAction(db: Kysely<DB>, conversationId: string, id: string) {
  return db.selectFrom('sales_gpt_messages').select('id').where('id', '=', id).where('conversation_id', '=', conversationId).where('action_status', 'is not', null).executeTakeFirst();
}
