import { ActionIcon, Alert, Button, Group, Paper, ScrollArea, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { AI_MESSAGES, type ChatMessageDto, type ChatStreamEvent } from '@leadline/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../auth/api';
import { useAiStatus } from '../../ai/api';
import { isApiError } from '../../../lib/api';
import { streamChat, useConversation, useConversations, useCreateConversation, useDeleteConversation, useRenameConversation } from '../api';
import { ChatMessage } from './ChatMessage';

/** The list with `message` in place of its earlier copy, or added at the end. */
const upsert = (messages: ChatMessageDto[], message: ChatMessageDto) =>
  messages.some((m) => m.id === message.id) ? messages.map((m) => (m.id === message.id ? message : m)) : [...messages, message];

/** SalesGPT, a chat over the team's data with tools; actions that spend credits or change data wait for Confirm. */
export function SalesGptChat() {
  const { user } = useCurrentUser();
  const ai = useAiStatus();
  const conversations = useConversations();
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? conversations.data?.[0]?.id ?? null;
  const conversation = useConversation(current);
  const create = useCreateConversation();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  // What the current answer streamed, kept after it ends: the refetch that follows only brings
  // the stored copy of the same messages, so the cards never wait for it to be used.
  const [streamed, setStreamed] = useState<{ conversationId: string; text: string; messages: ChatMessageDto[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(id: string, path: string, body: unknown) {
    setError(null);
    setBusy(true);
    setStreamed({ conversationId: id, text: '', messages: [] });
    const onEvent = (event: ChatStreamEvent) => {
      if (event.type === 'text') setStreamed((s) => s && { ...s, text: s.text + event.text });
      else if (event.type === 'message') setStreamed((s) => s && { ...s, text: event.message.role === 'assistant' ? '' : s.text, messages: upsert(s.messages, event.message) });
      else if (event.type === 'error') setError(event.message);
    };
    try {
      await streamChat(`${id}/${path}`, body, onEvent);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Could not reach the server. Please check your connection and try again.');
    }
    setBusy(false);
    setStreamed((s) => s && { ...s, text: '' });
    void queryClient.invalidateQueries({ queryKey: ['sales-gpt'] });
  }

  async function send() {
    const content = draft.trim();
    if (!content) return;
    const id = current ?? (await create.mutateAsync(undefined)).data.id;
    setSelected(id);
    setDraft('');
    await run(id, 'messages', { content });
  }

  const stored = conversation.data?.messages ?? [];
  const live = streamed?.conversationId === current ? streamed : null;
  // A streamed message is at least as new as its stored copy (an answered card, a tool's result).
  const fresher = new Map(live?.messages.map((m) => [m.id, m]));
  const shown = [...stored.map((m) => fresher.get(m.id) ?? m), ...(live?.messages.filter((m) => !stored.some((s) => s.id === m.id)) ?? [])];

  return (
    <Stack gap="md" h="calc(100dvh - 120px)">
      <div>
        <Title order={2}>Welcome, {user.name}</Title>
        <Text c="dimmed" mt={4}>SalesGPT answers from your team’s prospects, lists and knowledge hub.</Text>
      </div>
      {ai.data && !ai.data.configured ? (
        <Alert color="gray" title="SalesGPT">{AI_MESSAGES.notConfigured}</Alert>
      ) : (
        <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
          <Paper withBorder radius="md" p="xs" w={240} style={{ flexShrink: 0 }}>
            <Button fullWidth size="xs" mb="xs" onClick={async () => setSelected((await create.mutateAsync(undefined)).data.id)}>New conversation</Button>
            <ScrollArea h="100%">
              {conversations.data?.map((c) =>
                renaming === c.id ? (
                  <TextInput
                    key={c.id}
                    size="xs"
                    defaultValue={c.title}
                    aria-label="Conversation title"
                    autoFocus
                    onBlur={() => setRenaming(null)}
                    onKeyDown={(e) => {
                      const title = e.currentTarget.value.trim();
                      if (e.key === 'Enter' && title) rename.mutate({ id: c.id, title }, { onSettled: () => setRenaming(null) });
                      if (e.key === 'Escape') setRenaming(null);
                    }}
                  />
                ) : (
                  // A plain row, not NavLink: NavLink brings Collapse, which would move out of the search screen's chunk.
                  <Group key={c.id} gap={2} wrap="nowrap" bg={c.id === current ? 'var(--mantine-color-blue-light)' : undefined} style={{ borderRadius: 4 }}>
                    <Button variant="subtle" size="xs" justify="start" style={{ flex: 1, minWidth: 0 }} onClick={() => setSelected(c.id)} aria-current={c.id === current ? 'true' : undefined}>
                      <Text size="xs" truncate>{c.title}</Text>
                    </Button>
                    <ActionIcon size="xs" variant="subtle" aria-label={`Rename ${c.title}`} onClick={() => setRenaming(c.id)}><IconPencil size={12} /></ActionIcon>
                    <ActionIcon size="xs" variant="subtle" color="red" aria-label={`Delete ${c.title}`} onClick={() => (remove.mutate(c.id), c.id === current && setSelected(null))}><IconTrash size={12} /></ActionIcon>
                  </Group>
                ),
              )}
            </ScrollArea>
          </Paper>
          <Paper withBorder radius="md" p="md" style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <ScrollArea style={{ flex: 1 }} aria-label="SalesGPT conversation">
              <Stack gap="sm">
                {shown.length === 0 && !busy && <Text c="dimmed" size="sm">Ask for prospects (“VPs of sales in Canada at software companies”), a count, a list, an account summary, to enrich a list or to draft a campaign.</Text>}
                {shown.map((m) => (
                  <ChatMessage key={m.id} message={m} busy={busy} onConfirm={(actionId, approve) => current && run(current, 'confirm', { actionId, approve })} />
                ))}
                {live?.text && (
                  <Paper radius="md" p="sm" withBorder maw="85%">
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{live.text}</Text>
                  </Paper>
                )}
                {error && <Alert color="red">{error}</Alert>}
              </Stack>
            </ScrollArea>
            <Group mt="sm" align="flex-end" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                autosize
                minRows={1}
                maxRows={6}
                placeholder="Ask SalesGPT"
                aria-label="Message SalesGPT"
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    if (!busy) void send();
                  }
                }}
              />
              <Button onClick={() => void send()} loading={busy} disabled={!draft.trim()}>Send</Button>
            </Group>
          </Paper>
        </Group>
      )}
    </Stack>
  );
}
