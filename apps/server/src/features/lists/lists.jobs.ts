import { DYNAMIC_LIST_REFRESH_LIMIT, LISTS_MESSAGES, normalizeFilters, SearchFilters } from '@leadline/shared';
import { z } from 'zod';
import { defineJob, type JobRun } from '../../jobs/queue.js';
import type { AppContext } from '../../lib/context.js';
import { ProgressTracker } from '../jobs/jobs.service.js';
import { peopleConditions } from '../search/people-filters.js';
import { createFromPeople } from '../contacts/index.js';
import { importFileIntoList, LEGACY_BATCH_ROWS } from './import/index.js';
import * as repo from './lists.repository.js';

const IMPORT_RETRIES = 3;

/**
 * Adds the people now matching a dynamic list's filters that it does not hold yet (at most
 * DYNAMIC_LIST_REFRESH_LIMIT per run) and records how many arrived. Running it twice adds
 * nothing the second time.
 */
export const refreshDynamicList = defineJob({
  name: 'lists.refresh-dynamic',
  payload: z.object({ listId: z.uuid() }),
  retryLimit: 3,
  async handle(ctx, { listId }) {
    await ctx.db.transaction().execute(async (trx) => {
      const list = await repo.lockList(trx, listId);
      if (!list || !list.is_dynamic) return;
      const filters = normalizeFilters(SearchFilters.parse(list.filters ?? {}));
      const personIds = await repo.findNewMatches(trx, list.team_id, listId, peopleConditions(filters), DYNAMIC_LIST_REFRESH_LIMIT);
      const contacts = await createFromPeople(trx, list.team_id, personIds);
      const added = await repo.addContactsToList(trx, list.team_id, listId, [...contacts.values()], 'other');
      await repo.setDynamicRefreshed(trx, listId, added);
      await repo.setListStatus(trx, listId, 'complete');
    });
  },
});

/** Daily: every dynamic list gets a refresh job (one at a time per list). */
export const refreshAllDynamicLists = defineJob({
  name: 'lists.refresh-all-dynamic',
  payload: z.object({}).passthrough(),
  async handle(ctx) {
    for (const listId of await repo.findDynamicListIds(ctx.db)) {
      await ctx.queue.send(refreshDynamicList, { listId }, { singletonKey: `refresh:${listId}` });
    }
  },
});

export const ImportPayload = z.object({
  progressId: z.uuid(),
  teamId: z.uuid(),
  uploadId: z.uuid(),
  listId: z.uuid(),
  /** false: fill blank fields from the people database (see UploadToListBody.useRawFileData). */
  useRawFileData: z.boolean(),
  /** Rows per batch, fixed at enqueue (absent in jobs enqueued before it was recorded: 5,000). */
  batchRows: z.number().int().min(1).max(100_000).optional(),
});

/** Imports an uploaded prospect file into a list; see `importFileIntoList` for how it resumes. */
export const importProspectFile = defineJob({
  name: 'lists.import-prospects',
  payload: ImportPayload,
  retryLimit: IMPORT_RETRIES,
  retryDelaySeconds: 2,
  expireInSeconds: 60 * 60,
  async handle(ctx: AppContext, payload, run: JobRun) {
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
  },
});
