import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/**
 * Adds the people now matching a dynamic list's filters that it does not hold yet (at most
 * DYNAMIC_LIST_REFRESH_LIMIT per run) and records how many arrived. Running it twice adds
 * nothing the second time. Revealing people is metered as a search run of the list's filters,
 * paid by `requestedBy` (the member who created the list or asked for the refresh), else by the
 * list's creator.
 */
export const refreshDynamicList = defineJob({
  name: 'lists.refresh-dynamic',
  payload: z.object({ listId: z.uuid(), requestedBy: z.uuid().optional() }),
  retryLimit: 3,
  // One refresh of a list waiting and one running at most: asking again while one waits adds nothing.
  policy: 'stately',
  singletonKey: ({ listId }) => `refresh:${listId}`,
});

/** Daily: every dynamic list gets a refresh job (one at a time per list). */
export const refreshAllDynamicLists = defineJob({ name: 'lists.refresh-all-dynamic', payload: z.object({}).passthrough() });

export const IMPORT_RETRIES = 3;

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
});
