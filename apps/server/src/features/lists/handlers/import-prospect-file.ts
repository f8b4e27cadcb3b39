import { LISTS_MESSAGES } from '@leadline/shared';
import { jobHandler } from '../../../lib/feature-module.js';
import { ProgressTracker } from '../../progress/index.js';
import { importFileIntoList, LEGACY_BATCH_ROWS } from '../import/index.js';
import { IMPORT_RETRIES, importProspectFile } from '../lists.jobs.js';
import * as repo from '../lists.repository.js';

export default jobHandler(importProspectFile, async (ctx, payload, run) => {
  const progress = new ProgressTracker(ctx.db, payload.progressId);
  if ((await progress.current()).state === 'completed') return;
  try {
    await importFileIntoList(ctx, { ...payload, batchRows: payload.batchRows ?? LEGACY_BATCH_ROWS }, progress);
  } catch (error) {
    if (run.retryCount >= IMPORT_RETRIES) {
      await repo.setListStatus(ctx.db, payload.listId, 'complete');
      await progress.fail(LISTS_MESSAGES.uploadToListFailed);
    }
    throw error;
  }
});
