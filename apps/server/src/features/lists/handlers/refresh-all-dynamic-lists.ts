import { jobHandler } from '../../../lib/feature-module.js';
import { refreshAllDynamicLists, refreshDynamicList } from '../lists.jobs.js';
import * as repo from '../lists.repository.js';

export default jobHandler(refreshAllDynamicLists, async (ctx) => {
  for (const listId of await repo.findDynamicListIds(ctx.db)) {
    await ctx.queue.send(refreshDynamicList, { listId });
  }
});
