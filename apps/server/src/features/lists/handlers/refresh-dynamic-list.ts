import { DYNAMIC_LIST_REFRESH_LIMIT, normalizeFilters, readStoredFilters } from '@leadline/shared';
import { jobHandler } from '../../../lib/feature-module.js';
import { createFromPeople } from '../../contacts/index.js';
import { peopleConditions } from '../../search/index.js';
import { refreshDynamicList } from '../lists.jobs.js';
import * as repo from '../lists.repository.js';

export default jobHandler(refreshDynamicList, async (ctx, { listId }) => {
  await ctx.db.transaction().execute(async (trx) => {
    const list = await repo.lockList(trx, listId);
    if (!list || !list.is_dynamic) return;
    const filters = normalizeFilters(readStoredFilters(list.filters ?? {}));
    const personIds = await repo.findNewMatches(trx, list.team_id, listId, peopleConditions(filters), DYNAMIC_LIST_REFRESH_LIMIT);
    const contacts = await createFromPeople(trx, list.team_id, personIds);
    const added = await repo.addContactsToList(trx, list.team_id, listId, [...contacts.values()], 'other');
    await repo.setDynamicRefreshed(trx, listId, added);
    await repo.setListStatus(trx, listId, 'complete');
  });
});
