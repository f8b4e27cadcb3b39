import { jobHandler } from '../../../lib/feature-module.js';
import { purgeOldUploadsJob } from '../files.jobs.js';
import { purgeOldUploads } from '../files.service.js';

export default jobHandler(purgeOldUploadsJob, async (ctx) => {
  await purgeOldUploads(ctx);
});
