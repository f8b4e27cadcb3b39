import { z } from 'zod';
import { queryInt32, text } from '../primitives.js';

export const JobState = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']);
export type JobState = z.infer<typeof JobState>;

/** A long job's progress as the API and the UI read it. */
export const JobProgressDto = z.object({
  _id: z.string(),
  kind: z.string(),
  state: JobState,
  done: z.number(),
  total: z.number().nullable(),
  errorCount: z.number(),
  errors: z.array(z.object({ message: z.string(), at: z.string(), item: z.string().optional() })),
  result: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobProgressDto = z.infer<typeof JobProgressDto>;

export const JobIdParams = z.object({ id: z.uuid('Job not found') });
export const JobProgressResponse = z.object({ data: JobProgressDto });
export const JobListQuery = z.object({
  kind: text().max(100).optional(),
  limit: queryInt32().min(1).max(100).default(20),
});
export const JobListResponse = z.object({ data: z.array(JobProgressDto) });
