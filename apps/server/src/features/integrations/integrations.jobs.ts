import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

export const SYNC_RETRIES = 4;
const RunPayload = z.object({ runId: z.uuid() });

/** Sends a message to the team's Slack channel, when Slack is installed and a channel is chosen. */
export const slackNotify = defineJob({
  name: 'integrations.slack-notify',
  payload: z.object({ teamId: z.uuid(), text: z.string().min(1).max(4000) }),
  retryLimit: 3,
  retryDelaySeconds: 10,
});

/** Runs (or resumes) a push's sync run; the last retry ends the run as failed. */
export const crmPush = defineJob({ name: 'integrations.push', payload: RunPayload, retryLimit: SYNC_RETRIES, retryDelaySeconds: 5, expireInSeconds: 30 * 60 });

/** Runs (or resumes) a pull's sync run; the last retry ends the run as failed. */
export const crmPull = defineJob({ name: 'integrations.pull', payload: RunPayload, retryLimit: SYNC_RETRIES, retryDelaySeconds: 5, expireInSeconds: 30 * 60 });

/** Hourly (spec §9): a pull for every team whose CRM has auto-pull on. */
export const autoPullAll = defineJob({ name: 'integrations.auto-pull-all', payload: z.object({}).passthrough() });
