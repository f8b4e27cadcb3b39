import { z } from 'zod';
import { defineJob, type JobRun } from '../../jobs/queue.js';
import type { AppContext } from '../../lib/context.js';
import * as repo from './integrations.repository.js';
import { startPull, type SendSyncJob } from './integrations.service.js';
import { runPull, runPush } from './integrations.sync.js';
import { boxOf, integrationVendors } from './integrations.vendors.js';
import { VendorAuthError, VendorError } from './vendors/types.js';

const RETRIES = 4;
const RunPayload = z.object({ runId: z.uuid() });

/** Sends a message to the team's Slack channel, when Slack is installed and a channel is chosen. */
export const slackNotify = defineJob({
  name: 'integrations.slack-notify',
  payload: z.object({ teamId: z.uuid(), text: z.string().min(1).max(4000) }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  async handle(ctx, { teamId, text }) {
    const row = await repo.findIntegration(ctx.db, teamId, 'slack');
    const channel = (row?.settings as { channel?: string } | undefined)?.channel;
    const slack = integrationVendors(ctx).slack();
    if (!row?.access_token || !channel || !slack) return;
    try {
      await slack.postMessage(boxOf(ctx).open(row.access_token), channel, text);
    } catch (error) {
      // A refusal (bad channel, revoked token) will not get better by retrying.
      if (error instanceof VendorAuthError || (error instanceof VendorError && !error.retryable)) return;
      throw error;
    }
  },
});

/** Queues a Slack message for the team; never fails the work that finished. */
export async function notifySlack(ctx: AppContext, teamId: string, text: string) {
  try {
    const row = await repo.findIntegration(ctx.db, teamId, 'slack');
    if (row?.access_token && (row.settings as { channel?: string }).channel) await ctx.queue.send(slackNotify, { teamId, text });
  } catch {
    // Best effort: a notification is not worth failing an import or a push for.
  }
}

/** A push or pull job: runs (or resumes) its sync run; the last retry ends the run as failed. */
function syncJob(name: string, run: typeof runPush | typeof runPull) {
  return defineJob({
    name,
    payload: RunPayload,
    retryLimit: RETRIES,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    async handle(ctx: AppContext, { runId }, job: JobRun) {
      const row = await repo.findSyncRun(ctx.db, runId);
      if (!row || row.state !== 'running') return;
      await run(ctx, row, { final: job.retryCount >= RETRIES, notify: (teamId, text) => notifySlack(ctx, teamId, text) });
    },
  });
}

export const crmPush = syncJob('integrations.push', runPush);
export const crmPull = syncJob('integrations.pull', runPull);

/** Sends the push or pull job of a run, in the transaction that created it. */
export const sendSyncJob = (ctx: AppContext): SendSyncJob => async (trx, run) => {
  await ctx.queue.send(run.direction === 'push' ? crmPush : crmPull, { runId: run.id }, { trx });
};

/** Hourly (spec §9): a pull for every team whose CRM has auto-pull on. */
export const autoPullAll = defineJob({
  name: 'integrations.auto-pull-all',
  payload: z.object({}).passthrough(),
  async handle(ctx) {
    for (const row of await repo.findAutoPullIntegrations(ctx.db)) {
      await startPull(ctx, row.team_id, row.user_for_sync_id, row.service as 'hubspot' | 'salesforce', sendSyncJob(ctx));
    }
  },
});
