import { SearchFilters, ToolResultView, type ChatMessageDto, type ConversationDto, type SalesGptToolName } from '@leadline/shared';
import type { Selectable } from 'kysely';
import type { SalesGptConversationsTable, SalesGptMessagesTable } from '../../db/schema-sales-gpt.js';

export type MessageRow = Selectable<SalesGptMessagesTable>;

export const presentConversation = (r: Selectable<SalesGptConversationsTable>): ConversationDto => ({
  id: r.id,
  title: r.title,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const filtersOf = (args: unknown) => {
  const parsed = SearchFilters.safeParse((args as { filters?: unknown } | null)?.filters);
  return parsed.success ? parsed.data : null;
};

export function presentMessage(r: MessageRow): ChatMessageDto {
  const result = r.result === null ? null : ToolResultView.safeParse(r.result);
  return {
    id: r.id,
    role: r.role,
    content: r.role === 'tool' && r.action_status === 'pending' ? '' : r.content,
    pendingAction:
      r.action_status === null
        ? null
        : { actionId: r.id, tool: r.tool_name as SalesGptToolName, summary: r.action_summary ?? '', filters: filtersOf(r.tool_args), status: r.action_status },
    result: result?.success ? result.data : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
