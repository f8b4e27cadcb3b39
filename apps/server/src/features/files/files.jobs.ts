import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';
import { purgeOldUploads } from './files.service.js';

/** Deletes uploads (file and row) older than seven days; scheduled daily, harmless to run twice. */
export const purgeOldUploadsJob = defineJob({
  name: 'files.purge-old-uploads',
  payload: z.object({}).passthrough(),
  async handle(ctx) {
    await purgeOldUploads(ctx);
  },
});
