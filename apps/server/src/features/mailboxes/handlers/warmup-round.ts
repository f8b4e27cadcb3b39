import type { JobHandler } from '../../../lib/feature-module.js';
import { runWarmupRound } from '../warmup-run.js';

/** A failed round is not retried: the next one, ten minutes later, picks up where it stopped. */
const handler: JobHandler<Record<string, unknown>> = async (ctx) => {
  await runWarmupRound(ctx);
};
export default handler;
