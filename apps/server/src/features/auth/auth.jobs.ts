import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Deletes expired sessions and finished log-in failure windows; scheduled daily, and harmless to run twice. */
export const purgeExpiredSessions = defineJob({ name: 'auth.purge-expired-sessions', payload: z.object({}).passthrough() });
