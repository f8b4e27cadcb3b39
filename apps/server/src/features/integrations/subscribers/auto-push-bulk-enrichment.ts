import { eventHandler } from '../../../lib/feature-module.js';
import { enrichmentBulkFinished } from '../../enrichment/index.js';
import { queueAutoPush } from '../integrations.service.js';

/** What a bulk enrichment found goes to the CRM and Zapier when their auto-push is on. */
export default eventHandler(enrichmentBulkFinished, async (ctx, e, { trx }) => {
  if (e.found > 0) await queueAutoPush(ctx, trx, e.teamId, { enrichmentRunId: e.runId });
});
