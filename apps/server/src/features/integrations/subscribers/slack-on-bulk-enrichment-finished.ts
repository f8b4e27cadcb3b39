import { eventHandler } from '../../../lib/feature-module.js';
import { enrichmentBulkFinished } from '../../enrichment/index.js';
import { queueSlackNotice } from '../integrations.notices.js';

export default eventHandler(enrichmentBulkFinished, async (ctx, e, { trx }) => {
  await queueSlackNotice(ctx, e.teamId, `Leadline: bulk enrichment finished, ${e.found} of ${e.total} prospects enriched.`, trx);
});
