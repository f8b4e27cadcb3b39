import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { AGENT_KIND_LABELS, type AgentDto } from '@leadline/shared/agents/index';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useAiStatus } from '../../ai/api';
import { AGENT_SCREEN_MESSAGES, useAgentAction, useAgents, type AgentAction } from '../api';
import { AgentForm } from '../components/AgentForm';
import { AgentRuns } from '../components/AgentRuns';

const SCHEDULE_LABELS: Record<AgentDto['schedule'], string> = { manual: 'Run by hand', hourly: 'Every hour', daily: 'Every day', weekly: 'Every week' };

function AgentCard({ agent }: { agent: AgentDto }) {
  const action = useAgentAction();
  const [open, setOpen] = useState(false);
  const act = (name: AgentAction) => action.mutate({ id: agent.id, action: name }, { onSuccess: () => name === 'run' && setOpen(true), onError: (e) => notify.error(isApiError(e) ? e.message : AGENT_SCREEN_MESSAGES.actionFailed) });
  const busy = agent.lastRun?.status === 'queued' || agent.lastRun?.status === 'running';
  return (
    <Card withBorder component="section" aria-label={agent.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{agent.name}</Text>
            <Badge variant="light">{AGENT_KIND_LABELS[agent.kind]}</Badge>
            <Badge color={agent.paused ? 'gray' : 'green'} variant="dot">
              {agent.paused ? 'Paused' : SCHEDULE_LABELS[agent.schedule]}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => act('run')} disabled={busy} loading={action.isPending && action.variables?.action === 'run'}>
              Run now
            </Button>
            {agent.schedule !== 'manual' && (
              <Button size="xs" variant="default" onClick={() => act(agent.paused ? 'resume' : 'pause')}>
                {agent.paused ? 'Resume' : 'Pause'}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)}>
              {open ? 'Hide runs' : 'Runs'}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => act('delete')}>
              Delete
            </Button>
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {agent.instructions}
        </Text>
        <Text size="xs" c="dimmed">
          {agent.kind === 'list_builder' ? 'Adds to' : 'Researches'} {agent.listName ?? 'a deleted list'}
          {agent.nextRunAt && !agent.paused ? ` · next run ${new Date(agent.nextRunAt).toLocaleString()}` : ''}
          {agent.lastRun ? ` · last run ${agent.lastRun.status}, ${agent.lastRun.results} ${agent.kind === 'research' ? 'answered' : 'added'}, ${agent.lastRun.creditsCharged} credits` : ''}
        </Text>
        {open && <AgentRuns agent={agent} />}
      </Stack>
    </Card>
  );
}

/** /signals/agents: saved instructions that run on a schedule, their runs, results and cost. */
export function AgentsPage() {
  const agents = useAgents();
  const ai = useAiStatus();
  const [creating, setCreating] = useState(false);
  const rows = agents.data ?? [];
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Agents
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New agent
        </Button>
      </Group>
      {ai.data && !ai.data.configured && <Alert color="yellow">AI is not configured on this server: agents can be set up, but their runs fail until it is.</Alert>}
      {agents.isSuccess && rows.length === 0 && (
        <Text c="dimmed">No agents yet. A list builder fills a list with new people matching your ideal customer profile; a research agent answers a question about each account of a list.</Text>
      )}
      {rows.map((agent) => (
        <AgentCard key={agent.id} agent={agent} />
      ))}
      <AgentForm opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
