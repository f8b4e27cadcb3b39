import type { JobProgressDto, JobState } from '@leadline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const UNFINISHED: ReadonlySet<JobState> = new Set(['queued', 'running']);
export const isJobFinished = (state: JobState) => !UNFINISHED.has(state);

/** A long job's progress, polled every second until it finishes. */
export function useJobProgress(jobId: string) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => api.get<{ data: JobProgressDto }>(`/api/v1/jobs/${encodeURIComponent(jobId)}`),
    select: (answer) => answer.data,
    refetchInterval: (query) => {
      const state = query.state.data?.data.state;
      return state && isJobFinished(state) ? false : 1000;
    },
  });
}
