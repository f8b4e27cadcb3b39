import { Anchor, Progress, Text } from '@mantine/core';
import type { ToolResultView } from '@leadline/shared';
import { Link } from 'react-router';
import { isJobFinished, useJobProgress } from '../../progress/api';

type Started = NonNullable<ToolResultView['enrichment']>;

/** A list enrichment SalesGPT started: its job's progress, polled until it ends, and the list it fills. */
export function EnrichmentProgress({ started }: { started: Started }) {
  const job = useJobProgress(started.jobId).data;
  const total = job?.total ?? started.prospects;
  const done = job?.done ?? 0;
  const finished = job ? isJobFinished(job.state) : false;
  return (
    <>
      <Text size="sm">
        Enriching {started.prospects} contacts of{' '}
        <Anchor component={Link} to={`/prospects/lists/people/${started.listId}`}>{started.listName}</Anchor> (up to {started.creditsHeld} credits held; only accurate matches are charged).
      </Text>
      <Progress value={total > 0 ? (100 * done) / total : 0} size="sm" aria-label="Enrichment progress" animated={!finished} />
      <Text size="xs" c="dimmed" data-testid="enrichment-progress">
        {job?.state === 'failed' ? 'Enrichment failed.' : finished ? `Enrichment finished: ${done} of ${total} looked up.` : `${done} of ${total} looked up…`}
      </Text>
    </>
  );
}
