import { VERIFICATION_MESSAGES } from '@leadline/shared';
import type { JobHandler } from '../../../lib/feature-module.js';
import { VERIFY_LIST_RETRIES, verifyListEmails } from '../email-verification.jobs.js';
import * as repo from '../email-verification.repository.js';
import { endListRun, mailProbeOf, processListRun } from '../email-verification.service.js';

/** A slice of work per attempt: then the job enqueues its continuation. */
const SLICE_MS = 60_000;

const handler: JobHandler<{ runId: string }> = async (ctx, { runId }, job) => {
  const run = await repo.findRun(ctx.db, runId);
  if (!run || run.state !== 'running') return;
  try {
    const state = await processListRun(ctx, run, mailProbeOf(ctx), Date.now() + SLICE_MS);
    if (state === 'more') await ctx.queue.send(verifyListEmails, { runId });
    else if (state === 'offline') await endListRun(ctx, run, 'failed', VERIFICATION_MESSAGES.offline);
    else await endListRun(ctx, run, 'completed');
  } catch (error) {
    if (job.retryCount >= VERIFY_LIST_RETRIES) await endListRun(ctx, run, 'failed', VERIFICATION_MESSAGES.failed);
    throw error;
  }
};
export default handler;
