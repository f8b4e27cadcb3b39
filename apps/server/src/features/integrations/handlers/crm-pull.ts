import { jobHandler } from '../../../lib/feature-module.js';
import { crmPull, SYNC_RETRIES } from '../integrations.jobs.js';
import { notifySlack } from '../integrations.notices.js';
import * as repo from '../integrations.repository.js';
import { runPull } from '../integrations.sync.js';

export default jobHandler(crmPull, async (ctx, { runId }, job) => {
  const row = await repo.findSyncRun(ctx.db, runId);
  if (!row || row.state !== 'running') return;
  await runPull(ctx, row, { final: job.retryCount >= SYNC_RETRIES, notify: (teamId, text) => notifySlack(ctx, teamId, text) });
});
