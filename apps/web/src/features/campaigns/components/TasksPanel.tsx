import { Button, Table, Text } from '@mantine/core';
import type { CampaignStepType } from '@leadline/shared/campaigns/index';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CAMPAIGN_SCREEN_MESSAGES, useCampaignTasks, useCompleteTask } from '../api';

const STEP_LABELS: Record<CampaignStepType, string> = {
  email: 'Email',
  linkedin_request: 'LinkedIn connection request',
  linkedin_message: 'LinkedIn message',
  call: 'Call',
  task: 'Task',
};

/** The campaign's open tasks (LinkedIn, call and task steps waiting for a person); Mark done moves the lead on. */
export function TasksPanel({ campaignId }: { campaignId: string }) {
  const tasks = useCampaignTasks(campaignId);
  const complete = useCompleteTask(campaignId);
  if (!tasks.data) return null;
  if (tasks.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        No open tasks.
      </Text>
    );
  return (
    <Table striped aria-label="Open tasks">
      <Table.Thead>
        <Table.Tr>
          {['Lead', 'Step', 'Instructions', 'Due since', ''].map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tasks.data.map((task) => {
          const lead = task.name ?? task.email ?? 'Lead';
          return (
            <Table.Tr key={task.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {lead}
                {task.companyName && (
                  <Text size="xs" c="dimmed">
                    {task.companyName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                Step {task.stepIndex + 1} · {STEP_LABELS[task.type]}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{task.instructions ?? '-'}</Table.Td>
              <Table.Td>{new Date(task.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Mark done: ${lead}, step ${task.stepIndex + 1}`}
                  onClick={() =>
                    complete.mutate(task, {
                      onSuccess: () => notify.success(CAMPAIGN_SCREEN_MESSAGES.taskDone),
                      onError: (e) => notify.error(isApiError(e) ? e.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed),
                    })
                  }
                >
                  Mark done
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
