import type { JobState } from '@leadline/shared';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useJobProgress } from '../features/progress/api';

const STATE_TEXT: Record<JobState, string> = {
  queued: 'Waiting to start…',
  running: 'In progress…',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATE_COLOR: Record<JobState, string> = {
  queued: 'gray',
  running: 'indigo',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/** Live progress of a background job: done / total, errors, and how it ended. */
export function JobProgress({ jobId }: { jobId: string }) {
  const { data: job, error } = useJobProgress(jobId);

  if (error) return <Alert color="red">{error.message}</Alert>;
  if (!job) return <Progress value={100} animated striped aria-label="Loading job progress" />;

  const indeterminate = job.total === null || job.total === 0;
  const percent = indeterminate ? 100 : Math.min(100, Math.round((job.done / job.total!) * 100));
  const unfinished = job.state === 'queued' || job.state === 'running';

  return (
    <Stack gap={6}>
      <Progress
        value={percent}
        color={STATE_COLOR[job.state]}
        animated={unfinished && indeterminate}
        striped={unfinished && indeterminate}
        aria-label="Job progress"
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm">{indeterminate ? `${job.done.toLocaleString()} done` : `${job.done.toLocaleString()} / ${job.total!.toLocaleString()}`}</Text>
        <Group gap="md">
          {job.errorCount > 0 && (
            <Text size="sm" c="red">
              {job.errorCount.toLocaleString()} {job.errorCount === 1 ? 'error' : 'errors'}
            </Text>
          )}
          <Text size="sm" c="dimmed" role="status">
            {STATE_TEXT[job.state]}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
