import { AppError, DYNAMIC_LIST_REFRESH_LIMIT, normalizeFilters, readStoredFilters } from '@leadline/shared';
import { jobHandler } from '../../../lib/feature-module.js';
import { createFromPeople } from '../../contacts/index.js';
import { meterSearchRun, peopleConditions } from '../../search/index.js';
import { refreshDynamicList } from '../lists.jobs.js';
import * as repo from '../lists.repository.js';

/** A refusal of the credits ledger (402): the list records it instead of the job failing and retrying. */
const isInsufficientCredits = (error: unknown) => error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS';

export default jobHandler(refreshDynamicList, async (ctx, { listId, requestedBy }) => {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const list = await repo.lockList(trx, listId);
      if (!list || !list.is_dynamic) return;
      const filters = normalizeFilters(readStoredFilters(list.filters ?? {}));
      const personIds = await repo.findNewMatches(trx, list.team_id, listId, peopleConditions(filters), DYNAMIC_LIST_REFRESH_LIMIT);
      if (personIds.length > 0) {
        const payer = await repo.findPayerId(trx, list.team_id, requestedBy ?? list.created_by);
        if (!payer) throw new Error(`Team ${list.team_id} has no owner to charge the refresh of list ${listId} to.`);
        // Charged in this transaction: a refusal reveals nobody.
        await meterSearchRun(trx, { teamId: list.team_id, userId: payer }, filters);
      }
      const contacts = await createFromPeople(trx, list.team_id, personIds);
      const added = await repo.addContactsToList(trx, list.team_id, listId, [...contacts.values()], 'other');
      await repo.setDynamicRefreshed(trx, listId, added);
      await repo.setListStatus(trx, listId, 'complete');
    });
  } catch (error) {
    if (!isInsufficientCredits(error)) throw error;
    await repo.setDynamicRefused(ctx.db, listId, (error as AppError).message);
  }
});
