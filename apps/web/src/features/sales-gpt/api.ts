import type { ChatMessageDto, ChatStreamEvent, ConversationDto } from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

const BASE = '/api/v1/sales-gpt/conversations';
const keys = ['sales-gpt'] as const;

export function useConversations() {
  return useQuery({ queryKey: [...keys, 'all'], queryFn: () => api.get<{ data: ConversationDto[] }>(BASE), select: (a) => a.data });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: [...keys, 'one', id],
    queryFn: () => api.get<{ data: { conversation: ConversationDto; messages: ChatMessageDto[] } }>(`${BASE}/${encodeURIComponent(id!)}`),
    select: (a) => a.data,
    enabled: id !== null,
  });
}

function useChatMutation<B, R>(fn: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  // Not awaited: a new conversation's first message is sent at once, not after the list's refetch.
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys }), meta: { handlesErrors: true } });
}

export const useCreateConversation = () => useChatMutation(() => api.post<{ data: ConversationDto }>(BASE, {}));
export const useRenameConversation = () => useChatMutation((b: { id: string; title: string }) => api.patch<{ data: ConversationDto }>(`${BASE}/${b.id}`, { title: b.title }));
export const useDeleteConversation = () => useChatMutation((id: string) => api.delete<unknown>(`${BASE}/${id}`));

/**
 * Posts to a streaming route and hands each server-sent event to `onEvent` as it arrives. A
 * refusal before the stream opens (AI not configured, a missing conversation) throws its ApiError.
 */
export async function streamChat(path: string, body: unknown, onEvent: (event: ChatStreamEvent) => void, signal?: AbortSignal) {
  const response = await fetch(`${BASE}/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(response.status, answer?.error?.code ?? 'UNKNOWN', answer?.error?.message ?? `The server answered ${response.status}.`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)) as ChatStreamEvent);
    }
  }
}
