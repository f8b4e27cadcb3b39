import type { JobHandler } from '../../../lib/feature-module.js';
import { BUILD_PROFILE_RETRIES } from '../knowledge-hub.jobs.js';
import { buildProfile, failRun } from '../knowledge-build.js';

const handler: JobHandler<{ profileId: string; crawlRun: string }> = async (ctx, { profileId, crawlRun }, job) => {
  try {
    await buildProfile(ctx, profileId, crawlRun);
  } catch (error) {
    if (job.retryCount >= BUILD_PROFILE_RETRIES) await failRun(ctx, profileId, crawlRun, error);
    throw error;
  }
};
export default handler;
