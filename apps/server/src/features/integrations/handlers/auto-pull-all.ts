import { jobHandler } from '../../../lib/feature-module.js';
import { autoPullAll } from '../integrations.jobs.js';
import * as repo from '../integrations.repository.js';
import { startPull } from '../integrations.service.js';

export default jobHandler(autoPullAll, async (ctx) => {
  for (const row of await repo.findAutoPullIntegrations(ctx.db)) {
    await startPull(ctx, row.team_id, row.user_for_sync_id, row.service as 'hubspot' | 'salesforce');
  }
});
