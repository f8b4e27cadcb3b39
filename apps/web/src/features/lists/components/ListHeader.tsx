import { LISTS_MESSAGES, type ListDto } from '@leadline/shared';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { JobProgress } from '../../../components/JobProgress';
import { VerifyListEmails } from '../../email-verification/components/VerifyListEmails';
import { listPath, listsKeys, usePickableLists, useRefreshList } from '../api';
import { formatCount, formatDateTime, recordsOf } from './format';

function Counts({ list }: { list: ListDto }) {
  const people = list.entityType === 'contactList';
  const items = people
    ? [
        `${formatCount(list.contacts)} ${list.contacts === 1 ? 'prospect' : 'prospects'}`,
        `${formatCount(list.totalWithProfessionalEmail)} with work email`,
        `${formatCount(list.totalWithPersonalEmail)} with personal email`,
        `${formatCount(list.totalWithLinkedin)} with LinkedIn`,
        `${formatCount(list.totalWithValidPhone)} with valid phone`,
      ]
    : [`${formatCount(recordsOf(list))} ${list.companies === 1 ? 'company' : 'companies'}`];
  return (
    <Text size="sm" c="dimmed" data-testid="list-counts">
      {items.join(' · ')}
    </Text>
  );
}

const REFRESH_POLL_MS = 1500;
const REFRESH_WAIT_MS = 60_000;

/**
 * A dynamic list: what its last refresh brought, and a button to run one now. The refresh is a
 * job, so after asking, the list is read again until its refresh time moves (or a minute passes).
 */
function DynamicRefresh({ list }: { list: ListDto }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshList();
  const [waitingSince, setWaitingSince] = useState<{ refreshedAt: string | null; at: number } | null>(null);
  const waiting = waitingSince !== null && waitingSince.refreshedAt === list.refreshedAt;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (Date.now() - waitingSince.at > REFRESH_WAIT_MS) setWaitingSince(null);
      else void queryClient.invalidateQueries({ queryKey: ['lists', 'contents', list._id] });
    }, REFRESH_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, waitingSince, queryClient, list._id]);

  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed" data-testid="list-refresh">
        {waiting
          ? 'Refreshing…'
          : list.refreshedAt
            ? `${formatCount(list.newSinceRefresh)} new since the last refresh · refreshed ${formatDateTime(list.refreshedAt)}`
            : 'Not refreshed yet'}
      </Text>
      {list.refreshError && !waiting && (
        <Text size="sm" c="red" role="status" data-testid="list-refresh-error">
          Last refresh added nobody: {list.refreshError}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={refresh.isPending || waiting}
        disabled={list.completionStatus === 'processing'}
        onClick={() =>
          refresh.mutate(list._id, { onSuccess: () => setWaitingSince({ refreshedAt: list.refreshedAt, at: Date.now() }) })
        }
      >
        Refresh
      </Button>
    </Group>
  );
}

/** Moves to another list of the same kind, in place. */
function ListSwitcher({ list }: { list: ListDto }) {
  const navigate = useNavigate();
  const lists = usePickableLists(list.entityType, '');
  const options = (lists.data ?? []).map((l) => ({ value: l._id, label: l.name }));
  if (!options.some((o) => o.value === list._id)) options.unshift({ value: list._id, label: list.name });
  return (
    <Select
      aria-label="Switch list"
      placeholder="Switch list"
      size="xs"
      w={220}
      searchable
      data={options}
      value={list._id}
      allowDeselect={false}
      onChange={(id) => {
        const next = lists.data?.find((l) => l._id === id);
        if (next) void navigate(listPath(next));
      }}
    />
  );
}

/** Spec §2: a list being filled says so, with its import's progress when this tab started it. */
export function ListPopulating({ jobId }: { jobId: string | null }) {
  const queryClient = useQueryClient();
  // The import has ended: fetch the list now, not at the next poll, so the page never shows a
  // finished import beside a list that still counts 0 prospects.
  const refetchList = useCallback(() => void queryClient.invalidateQueries({ queryKey: listsKeys.all }), [queryClient]);
  return (
    <Alert color="indigo" variant="light" data-testid="list-populating">
      <Stack gap="xs">
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" fw={500}>
            {LISTS_MESSAGES.populating}
          </Text>
        </Group>
        {jobId && <JobProgress jobId={jobId} onFinished={refetchList} />}
      </Stack>
    </Alert>
  );
}

/**
 * The list's name, kind and counts, with the dynamic list's refresh, a list switcher and the
 * actions on the whole list (the row toolbar below keeps those on the selection).
 */
export function ListHeader({ list, actions }: { list: ListDto; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={1} size="h3">
            {list.name}
          </Title>
          {list.isDynamic && (
            <Badge variant="light" color="teal">
              Dynamic
            </Badge>
          )}
          {list.generatedBySystem && (
            <Badge variant="outline" color="gray">
              System
            </Badge>
          )}
        </Group>
        <Counts list={list} />
        {list.isDynamic && <DynamicRefresh list={list} />}
      </Stack>
      <Group gap="sm" align="flex-start">
        {list.entityType === 'contactList' && <VerifyListEmails list={list} />}
        <ListSwitcher list={list} />
        {actions}
      </Group>
    </Group>
  );
}
