import { jobHandler } from '../../../lib/feature-module.js';
import { crmPush, SYNC_RETRIES } from '../integrations.jobs.js';
import { notifySlack } from '../integrations.notices.js';
import * as repo from '../integrations.repository.js';
import { runPush } from '../integrations.sync.js';

export default jobHandler(crmPush, async (ctx, { runId }, job) => {
  const row = await repo.findSyncRun(ctx.db, runId);
  if (!row || row.state !== 'running') return;
  await runPush(ctx, row, { final: job.retryCount >= SYNC_RETRIES, notify: (teamId, text) => notifySlack(ctx, teamId, text) });
});
