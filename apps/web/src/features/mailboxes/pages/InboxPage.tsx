import { INBOX_CATEGORIES, type InboxCategory, type InboxMessage } from '@leadline/shared';
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Loader, Pagination, Paper, ScrollArea, Select, Stack, Tabs, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconKeyboard, IconPaperclip, IconPencil, IconSearch, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { useEmailAccounts, useInboxList, useSetFlag, useThread } from '../api';
import type { ComposeIntent } from '../compose/intent';
import { AiDraftButtons } from '../../ai/components/AiDraftButtons';
import { MessageView } from '../components/MessageView';
import { ShortcutsHelp } from '../components/ShortcutsHelp';

// The editor is fetched when the composer first opens (or when the inbox is idle), never with the app's first load.
const loadComposer = () => import('../compose/ComposeDialog');
const ComposeDialog = lazyDialog(loadComposer, (m) => m.ComposeDialog);
type Answer = (kind: Exclude<ComposeIntent['kind'], 'new'>, message: InboxMessage, body?: string) => void;

const CATEGORY_LABEL: Record<InboxCategory, string> = {
  inbox: 'Inbox',
  sent: 'Sent',
  favorite: 'Favorite',
  archived: 'Archived',
  spam: 'Spam',
  trash: 'Trash',
  all: 'All mail',
};

const FILTERS = [
  { value: 'true', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'attachments', label: 'With attachments' },
];

const shortDate = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString([], { month: 'short', day: 'numeric' });
};

function MessageRow({ message, selected, onOpen }: { message: InboxMessage; selected: boolean; onOpen: () => void }) {
  const who = message.folder === 'sent' ? `To ${message.to.map((a) => a.name || a.address).join(', ')}` : message.from.name || message.from.address;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      data-unread={!message.isRead || undefined}
      p="sm"
      style={{ display: 'block', width: '100%', overflow: 'hidden', borderBottom: '1px solid var(--mantine-color-gray-2)', background: selected ? 'var(--mantine-color-indigo-0)' : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={message.isRead ? 400 : 700} truncate>
          {who}
        </Text>
        <Group gap={4} wrap="nowrap">
          {message.isFavorite && <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label="Favorite" />}
          {message.attachments.length > 0 && <IconPaperclip size={14} aria-label="Has attachments" />}
          <Text size="xs" c="dimmed">
            {shortDate(message.date)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" fw={message.isRead ? 400 : 600} truncate>
        {message.subject || '(no subject)'}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {message.snippet}
      </Text>
      {message.tags.length > 0 && (
        <Group gap={4} mt={4}>
          {message.tags.map((tag) => (
            <Badge key={tag} size="xs" variant="light">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </UnstyledButton>
  );
}

function ThreadPane({ message, onAnswer }: { message: InboxMessage; onAnswer: Answer }) {
  const thread = useThread(message._id);
  const messages = thread.data ?? [message];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Title order={3} size="h4" style={{ wordBreak: 'break-word' }}>
          {message.subject || '(no subject)'}
        </Title>
        <AiDraftButtons emailId={message._id} onDraft={(draft) => onAnswer('reply', message, draft.text)} />
      </Group>
      {thread.error && <Alert color="red">{thread.error.message}</Alert>}
      {messages.map((m) => (
        <MessageView key={m._id} message={m._id === message._id ? message : m} onAnswer={onAnswer} />
      ))}
    </Stack>
  );
}

/** /engage/inbox (spec/engage.md §2 Inbox): categories, account selector, search, filter, 20 a page, thread view, flags and tags. */
export function InboxPage() {
  const accounts = useEmailAccounts();
  const [category, setCategory] = useState<InboxCategory>('inbox');
  const [page, setPage] = useState(1);
  const [account, setAccount] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('true');
  const [openId, setOpenId] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [composing, setComposing] = useState<ComposeIntent | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    const idle = window.setTimeout(() => void loadComposer().catch(() => undefined), 1500);
    return () => window.clearTimeout(idle);
  }, []);
  const list = useInboxList({ category, page, mailBoxAccount: account ?? undefined, searchVal: search || undefined, filter });
  const setFlag = useSetFlag();
  const messages = list.data?.messages ?? [];
  const open = messages.find((m) => m._id === openId) ?? null;

  // Opening an unread message reads it, on the server too.
  useEffect(() => {
    if (open && !open.isRead && !setFlag.isPending) setFlag.mutate({ message: open, action: 'markAsRead', value: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open?._id]);

  const move = (step: number) => {
    const index = messages.findIndex((m) => m._id === openId);
    const next = messages[Math.min(messages.length - 1, Math.max(0, index + step))];
    if (next) setOpenId(next._id);
  };
  const onOpen = (action: Parameters<typeof setFlag.mutate>[0]['action'], value: (m: InboxMessage) => boolean) => () => {
    if (open) setFlag.mutate({ message: open, action, value: value(open) });
  };
  const answer: Answer = (kind, message, body) => setComposing({ kind, message, body });
  const answerOpen = (kind: Parameters<Answer>[0]) => () => {
    if (open) answer(kind, open);
  };
  const usable = accounts.data?.some((a) => a.isConnected && a.isActive) ?? false;
  const compose = () => usable && setComposing({ kind: 'new' });
  // While a dialog is open its own keys apply, not the list's.
  useHotkeys(composing || helpOpen ? [] : [
    ['c', compose],
    ['r', answerOpen('reply')],
    ['a', answerOpen('replyAll')],
    ['f', answerOpen('forward')],
    ['shift+?', () => setHelpOpen(true)],
    ['j', () => move(1)],
    ['k', () => move(-1)],
    ['s', onOpen('markAsFavorite', (m) => !m.isFavorite)],
    ['u', onOpen('markAsRead', (m) => !m.isRead)],
    ['e', onOpen('markAsArchived', (m) => !m.isArchived)],
    ['shift+1', onOpen('markAsSpam', (m) => !m.isSpam)],
    ['shift+3', onOpen('markAsDeleted', (m) => !m.isDeleted)],
    ['Escape', () => setOpenId(null)],
    ['/', () => searchRef.current?.focus()],
  ]);

  const reset = () => {
    setPage(1);
    setOpenId(null);
  };

  if (accounts.data?.length === 0) {
    return (
      <Stack gap="md">
        <Title order={2}>Inbox</Title>
        <Paper withBorder p="xl" ta="center">
          <Text fw={600}>No mailbox connected yet</Text>
          <Text c="dimmed" size="sm" mt="xs">
            Connect a mailbox in{' '}
            <Anchor component={Link} to="/settings?tab=accounts">
              Settings → Accounts
            </Anchor>{' '}
            to read and answer your mail here.
          </Text>
        </Paper>
      </Stack>
    );
  }

  const disconnected = accounts.data?.filter((a) => !a.isConnected) ?? [];
  const pagination = list.data?.pagination;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>Inbox</Title>
          <Tooltip label={usable ? 'New message (c)' : 'Connect a mailbox that is switched on to write mail'}>
            <Button leftSection={<IconPencil size={16} />} onClick={compose} disabled={!usable}>
              Compose
            </Button>
          </Tooltip>
        </Group>
        <Group gap="sm">
          <Tooltip label="Keyboard shortcuts (?)">
            <ActionIcon variant="subtle" size="lg" aria-label="Keyboard shortcuts" onClick={() => setHelpOpen(true)}>
              <IconKeyboard size={20} />
            </ActionIcon>
          </Tooltip>
          <Select
            aria-label="Mailbox account"
            w={240}
            data={[{ value: '', label: 'All accounts' }, ...(accounts.data ?? []).map((a) => ({ value: a._id, label: a.emailAddress }))]}
            value={account ?? ''}
            onChange={(v) => {
              setAccount(v || null);
              reset();
            }}
            allowDeselect={false}
          />
          <Select aria-label="Filter" w={170} data={FILTERS} value={filter} onChange={(v) => { setFilter(v ?? 'true'); reset(); }} allowDeselect={false} />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(typed.trim());
              reset();
            }}
          >
            <TextInput ref={searchRef} aria-label="Search mail" placeholder="Search mail (/)" leftSection={<IconSearch size={16} />} w={240} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          </form>
        </Group>
      </Group>
      {disconnected.map((a) => (
        <Alert key={a._id} color="red" variant="light">
          {a.emailAddress} is disconnected{a.disconnectedReason ? `: ${a.disconnectedReason}` : ''}. Reconnect it in{' '}
          <Anchor component={Link} to="/settings?tab=accounts">
            Settings → Accounts
          </Anchor>
          .
        </Alert>
      ))}
      <Tabs
        value={category}
        onChange={(v) => {
          setCategory(v as InboxCategory);
          reset();
        }}
      >
        <Tabs.List>
          {INBOX_CATEGORIES.map((c) => (
            <Tabs.Tab key={c} value={c}>
              {CATEGORY_LABEL[c]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Paper withBorder w={360} style={{ flexShrink: 0 }}>
          <ScrollArea.Autosize mah="calc(100vh - 300px)" scrollbars="y">
            {list.isPending && (
              <Box p="md">
                <Loader size="sm" />
              </Box>
            )}
            {list.error && <Alert color="red">{list.error.message}</Alert>}
            {list.data && messages.length === 0 && (
              <Text p="md" c="dimmed" size="sm">
                {search ? `No messages match “${search}”.` : `No messages in ${CATEGORY_LABEL[category]}.`}
              </Text>
            )}
            {messages.map((m) => (
              <MessageRow key={m._id} message={m} selected={m._id === openId} onOpen={() => setOpenId(m._id)} />
            ))}
          </ScrollArea.Autosize>
          {pagination && pagination.totalRecords > 0 && (
            <Group justify="space-between" p="xs">
              <Text size="xs" c="dimmed">
                {pagination.totalRecords.toLocaleString('en')}
                {list.data?.totalIsCapped ? '+' : ''} message{pagination.totalRecords === 1 ? '' : 's'}
              </Text>
              <Pagination size="sm" total={pagination.totalPages} value={page} onChange={(p) => { setPage(p); setOpenId(null); }} />
            </Group>
          )}
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {open ? (
            <ThreadPane message={open} onAnswer={answer} />
          ) : (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed" size="sm">
                Choose a message to read it. Keys: c compose, r reply, a reply all, f forward, j / k next and previous, s favorite, u unread, e archive, ! spam, # delete, / search, ? all keys.
              </Text>
            </Paper>
          )}
        </Box>
      </Group>
      <ComposeDialog opened={composing !== null} intent={composing} accounts={accounts.data ?? []} onClose={() => setComposing(null)} />
      <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Stack>
  );
}
