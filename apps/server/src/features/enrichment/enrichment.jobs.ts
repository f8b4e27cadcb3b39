import { ENRICHMENT_MESSAGES } from '@leadline/shared';
import { z } from 'zod';
import { defineJob, type JobDefinition, type JobRun } from '../../jobs/queue.js';
import type { AppContext } from '../../lib/context.js';
import { ProgressTracker } from '../jobs/jobs.service.js';
import * as lists from '../lists/index.js';
import * as repo from './enrichment.repository.js';
import { enrichmentProviders } from './enrichment.providers.js';
import { finishRun, pricingOf, processRun } from './enrichment.service.js';
import { notifySlack, sendSyncJob } from '../integrations/integrations.jobs.js';
import { queueAutoPush } from '../integrations/integrations.service.js';

const RETRIES = 5;
const BulkPayload = z.object({ runId: z.uuid() });
type BulkPayload = z.infer<typeof BulkPayload>;

/**
 * The bulk enrichment job. It works in slices: after `sliceMs` it enqueues its own continuation
 * and returns, so no attempt runs long and `expireInSeconds` can stay short. That expiry is how
 * a job whose worker was killed comes back (pg-boss retries it once it expires), so a short one
 * means a crash costs minutes, not hours. Resumable: items reach their final state in the same
 * transaction as their charges, so any attempt continues with what is still pending, and a
 * duplicate attempt running beside it does no harm (charges replay by key, only pending items
 * are written). The hold is released once, when the run ends either way.
 */
export function defineBulkEnrichment(options: { expireInSeconds: number; sliceMs: number }): JobDefinition<BulkPayload> {
  const definition: JobDefinition<BulkPayload> = defineJob({
    name: 'enrichment.bulk',
    payload: BulkPayload,
    retryLimit: RETRIES,
    retryDelaySeconds: 2,
    expireInSeconds: options.expireInSeconds,
    async handle(ctx: AppContext, { runId }, job: JobRun) {
      const run = await repo.findRun(ctx.db, runId);
      if (!run || run.state !== 'running') return;
      const progress = run.progress_id ? new ProgressTracker(ctx.db, run.progress_id) : null;
      const notes = new Set<string>();
      try {
        const pricing = await pricingOf(ctx.db, run.user_id!);
        const providers = enrichmentProviders(ctx, pricing, { onNote: (note) => notes.add(note) });
        const state = await processRun(ctx.db, run, providers, pricing, {
          deadline: Date.now() + options.sliceMs,
          onBatch: async (outcomes) => {
            const counts = await repo.countItems(ctx.db, run.id);
            await progress?.advance(counts.total - counts.pending);
            const failed = outcomes.filter((o) => o.state === 'failed');
            if (failed.length > 0) await progress?.recordErrors(failed.map((o) => ({ message: o.error ?? 'failed', item: o.contactId })));
          },
        });
        if (state === 'more') {
          await ctx.queue.send(definition, { runId });
          return;
        }
        await finishRun(ctx.db, run, 'completed');
        if (run.list_id) await lists.setListStatus(ctx.db, run.list_id, 'complete');
        const counts = await repo.countItems(ctx.db, run.id);
        await progress?.complete({ listId: run.list_id, ...counts, notes: [...notes] });
        await afterBulkEnrichment(ctx, run, counts);
      } catch (error) {
        if (job.retryCount >= RETRIES) {
          await repo.failPendingItems(ctx.db, run.id, ENRICHMENT_MESSAGES.enrichBulkFailed);
          await finishRun(ctx.db, run, 'failed');
          if (run.list_id) await lists.setListStatus(ctx.db, run.list_id, 'complete');
          await progress?.fail(ENRICHMENT_MESSAGES.enrichBulkFailed);
        }
        throw error;
      }
    },
  });
  return definition;
}

/** What follows a finished bulk enrichment: auto-push of what it found, and a Slack message. */
async function afterBulkEnrichment(ctx: AppContext, run: repo.RunRow, counts: Record<string, number>) {
  if ((counts.found ?? 0) > 0) await queueAutoPush(ctx, run.team_id, { enrichmentRunId: run.id }, sendSyncJob(ctx));
  await notifySlack(ctx, run.team_id, `Leadline: bulk enrichment finished, ${counts.found ?? 0} of ${counts.total ?? 0} prospects enriched.`);
}

export const bulkEnrichment = defineBulkEnrichment({ expireInSeconds: 10 * 60, sliceMs: 60_000 });
