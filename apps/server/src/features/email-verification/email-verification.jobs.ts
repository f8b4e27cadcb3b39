import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

export const VERIFY_LIST_RETRIES = 3;

/** Checks a list's unchecked emails in slices; each slice enqueues the next, so no attempt runs long. */
export const verifyListEmails = defineJob({
  name: 'email-verification.list',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: VERIFY_LIST_RETRIES,
  retryDelaySeconds: 5,
  expireInSeconds: 10 * 60,
});
