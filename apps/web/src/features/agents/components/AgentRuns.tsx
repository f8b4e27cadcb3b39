import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { AgentDto, AgentRunDto } from '@leadline/shared/agents/index';
import { useState } from 'react';
import { useAgentRun, useAgentRuns } from '../api';

const STATUS_COLOR: Record<AgentRunDto['status'], string> = { queued: 'gray', running: 'blue', succeeded: 'green', failed: 'red' };

export function RunStatus({ run }: { run: AgentRunDto }) {
  return (
    <Badge color={STATUS_COLOR[run.status]} variant="light">
      {run.status}
    </Badge>
  );
}

function RunProgress({ run }: { run: AgentRunDto }) {
  const total = run.progressTotal ?? 0;
  const value = total > 0 ? Math.round((run.progressDone / total) * 100) : run.status === 'succeeded' ? 100 : 0;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} w={90} aria-label={`Progress ${run.progressDone} of ${total}`} animated={run.status === 'running'} />
      <Text size="xs" c="dimmed">
        {run.progressDone}/{total}
      </Text>
    </Group>
  );
}

/** What one run produced: the people it added, or each account with the agent's answer. */
function RunResults({ agent, runId }: { agent: AgentDto; runId: string }) {
  const run = useAgentRun(agent.id, runId);
  if (!run.data) return null;
  const research = agent.kind === 'research';
  return (
    <Stack gap="xs" aria-label="Run results">
      {run.data.error && (
        <Text c="red" size="sm">
          {run.data.error}
        </Text>
      )}
      {run.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {research ? 'No accounts answered.' : 'No new people found.'}
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Job title</Table.Th>
              <Table.Th>Company</Table.Th>
              {research && <Table.Th>{agent.name}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.data.items.map((item) => (
              <Table.Tr key={item.contactId}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>{item.jobTitle}</Table.Td>
                <Table.Td>{item.companyName}</Table.Td>
                {research && <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.answer}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** An agent's recent runs with their progress, results and cost; a run opens its results. */
export function AgentRuns({ agent }: { agent: AgentDto }) {
  const runs = useAgentRuns(agent.id);
  const [shown, setShown] = useState<string | null>(null);
  const rows = runs.data ?? [];
  const selected = shown ?? rows[0]?.id ?? null;
  if (rows.length === 0) return <Text size="sm" c="dimmed">No runs yet.</Text>;
  return (
    <Stack gap="sm">
      <Table withTableBorder aria-label={`Runs of ${agent.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>{agent.kind === 'research' ? 'Accounts answered' : 'People added'}</Table.Th>
            <Table.Th>Cost</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((run) => (
            <Table.Tr key={run.id} bg={run.id === selected ? 'var(--mantine-color-default-hover)' : undefined}>
              <Table.Td>{new Date(run.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>
                <RunStatus run={run} />
              </Table.Td>
              <Table.Td>
                <RunProgress run={run} />
              </Table.Td>
              <Table.Td aria-label="Results">{run.results}</Table.Td>
              <Table.Td aria-label="Cost">{run.creditsCharged} credits</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" onClick={() => setShown(run.id)}>
                  Results
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {selected && <RunResults agent={agent} runId={selected} />}
    </Stack>
  );
}
