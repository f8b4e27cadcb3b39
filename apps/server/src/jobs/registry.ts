import { purgeExpiredSessions } from '../features/auth/auth.jobs.js';
import type { JobDefinition } from './queue.js';

/** Every job the workers know; a job not listed here is never picked up. */
export const JOB_DEFINITIONS: JobDefinition<any>[] = [purgeExpiredSessions];

/** Recurring jobs: [definition, cron expression]. */
export const SCHEDULES: Array<[JobDefinition<any>, string]> = [[purgeExpiredSessions, '17 3 * * *']];
