import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Deletes uploads (file and row) older than seven days; scheduled daily, harmless to run twice. */
export const purgeOldUploadsJob = defineJob({ name: 'files.purge-old-uploads', payload: z.object({}).passthrough() });
