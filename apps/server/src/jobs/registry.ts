import { purgeExpiredSessions } from '../features/auth/auth.jobs.js';
import { releaseStaleCreditHolds } from '../features/credits/credits.jobs.js';
import { bulkEnrichment } from '../features/enrichment/enrichment.jobs.js';
import { purgeOldUploadsJob } from '../features/files/files.jobs.js';
import { importProspectFile, refreshAllDynamicLists, refreshDynamicList } from '../features/lists/lists.jobs.js';
import { autoPullAll, crmPull, crmPush, slackNotify } from '../features/integrations/integrations.jobs.js';
import { AUTO_PULL_CRON } from '@leadline/shared';
import type { JobDefinition } from './queue.js';

/** Every job the workers know; a job not listed here is never picked up. */
export const JOB_DEFINITIONS: JobDefinition<any>[] = [
  importProspectFile,
  refreshDynamicList,
  refreshAllDynamicLists,
  purgeExpiredSessions,
  purgeOldUploadsJob,
  releaseStaleCreditHolds,
  bulkEnrichment,
  crmPush,
  crmPull,
  autoPullAll,
  slackNotify,
];

/** Recurring jobs: [definition, cron expression]. */
export const SCHEDULES: Array<[JobDefinition<any>, string]> = [
  [purgeExpiredSessions, '17 3 * * *'],
  [refreshAllDynamicLists, '41 4 * * *'],
  [purgeOldUploadsJob, '29 3 * * *'],
  [releaseStaleCreditHolds, '*/15 * * * *'],
  [autoPullAll, AUTO_PULL_CRON],
];
