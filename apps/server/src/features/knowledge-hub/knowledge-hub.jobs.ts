import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

export const BUILD_PROFILE_RETRIES = 2;

/** Crawls, extracts and indexes a profile's content for one crawl run; a newer run makes it stop. */
export const buildKnowledgeProfile = defineJob({
  name: 'knowledge-hub.build-profile',
  payload: z.object({ profileId: z.uuid(), crawlRun: z.uuid() }),
  retryLimit: BUILD_PROFILE_RETRIES,
  retryDelaySeconds: 10,
  expireInSeconds: 30 * 60,
});
