import { ENRICHMENT_MESSAGES } from '@leadline/shared';
import type { JobHandler } from '../../../lib/feature-module.js';
import { ProgressTracker } from '../../progress/index.js';
import * as lists from '../../lists/index.js';
import { enrichmentBulkFinished } from '../enrichment.events.js';
import { BULK_RETRIES, bulkEnrichment } from '../enrichment.jobs.js';
import { enrichmentProviders } from '../enrichment.providers.js';
import * as repo from '../enrichment.repository.js';
import { finishRun, pricingOf, processRun } from '../enrichment.service.js';

type BulkPayload = { runId: string };

/**
 * Runs a bulk enrichment for up to `sliceMs`, then enqueues its continuation and returns.
 * Resumable: items reach their final state in the same transaction as their charges, so any
 * attempt continues with what is still pending, and a duplicate attempt running beside it does
 * no harm (charges replay by key, only pending items are written). When the run completes, one
 * transaction completes its progress record (once: a duplicate attempt that comes second stops
 * there), releases the hold, completes the list and publishes the finish.
 */
export function bulkEnrichmentHandler(options: { sliceMs: number }): JobHandler<BulkPayload> {
  return async (ctx, { runId }, job) => {
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
        await ctx.queue.send(bulkEnrichment, { runId });
        return;
      }
      const counts = await repo.countItems(ctx.db, run.id);
      await ctx.db.transaction().execute(async (trx) => {
        const result = { listId: run.list_id, ...counts, notes: [...notes] };
        if (run.progress_id && !(await new ProgressTracker(trx, run.progress_id).completeOnce(result))) return;
        await finishRun(trx, run, 'completed');
        if (run.list_id) await lists.setListStatus(trx, run.list_id, 'complete');
        await ctx.events.publish(trx, enrichmentBulkFinished, { teamId: run.team_id, runId: run.id, listId: run.list_id, total: counts.total, found: counts.found });
      });
    } catch (error) {
      if (job.retryCount >= BULK_RETRIES) {
        await repo.failPendingItems(ctx.db, run.id, ENRICHMENT_MESSAGES.enrichBulkFailed);
        await finishRun(ctx.db, run, 'failed');
        if (run.list_id) await lists.setListStatus(ctx.db, run.list_id, 'complete');
        await progress?.fail(ENRICHMENT_MESSAGES.enrichBulkFailed);
      }
      throw error;
    }
  };
}

export default bulkEnrichmentHandler({ sliceMs: 60_000 });
