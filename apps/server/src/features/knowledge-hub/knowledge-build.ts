/**
 * Builds a profile's index for one crawl run: its context texts, then each root URL's site,
 * each page's chunks stored as it is read, progress kept on the profile; then embeddings when
 * a model is configured. The run's sources replace the previous ones only when it ends well,
 * so a profile keeps answering from its old content while a new crawl runs.
 */
import type { AppContext } from '../../lib/context.js';
import { aiProviderFor } from '../ai/index.js';
import { chunkText } from './chunking.js';
import { crawlSite } from './crawl/crawler.js';
import { createPageFetcher, type PageFetcherOptions } from './crawl/fetch-page.js';
import * as repo from './knowledge-hub.repository.js';

export type BuildOptions = {
  fetcher?: Partial<PageFetcherOptions>;
  /** How long the whole crawl may take. */
  budgetMs?: number;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function buildProfile(ctx: AppContext, profileId: string, run: string, options: BuildOptions = {}): Promise<'done' | 'stale'> {
  const profile = await repo.findProfileById(ctx.db, profileId);
  if (!profile || profile.crawl_run !== run || profile.status !== 'processing') return 'stale';
  await repo.deleteRunSources(ctx.db, profileId, run);

  const fetcher = createPageFetcher({ allowPrivateNetwork: ctx.config.outboundAllowPrivate, timeoutMs: 15_000, ...options.fetcher });
  const deadline = Date.now() + (options.budgetMs ?? 20 * 60_000);
  const errors: string[] = [];
  let done = 0;
  const planned = new Map<string, number>();
  const total = () => profile.additional_info.length + [...planned.values()].reduce((a, b) => a + b, 0);
  let wanted = true;
  const stillWanted = async () => (wanted = wanted && (await repo.isCurrentRun(ctx.db, profileId, run)));

  try {
    for (const info of profile.additional_info) {
      await repo.insertSource(ctx.db, { profileId, run, rootUrl: null, url: null, title: info.filename, kind: 'text', isCompetitor: info.isCompetitor }, chunkText(info.text));
      done++;
    }
    for (const root of profile.root_urls) planned.set(root.url, 1);
    await repo.setProgress(ctx.db, profileId, run, { done, total: total() });

    for (const root of profile.root_urls) {
      if (!(await stillWanted())) break;
      await crawlSite(root.url, {
        fetcher,
        includeSubPages: root.includeSubPages,
        deadline,
        stillWanted,
        onPlanned: async (n) => {
          planned.set(root.url, n);
          await repo.setProgress(ctx.db, profileId, run, { total: total() });
        },
        onPage: async (page) => {
          await repo.insertSource(ctx.db, { profileId, run, rootUrl: root.url, url: page.url, title: page.title, kind: page.kind, isCompetitor: root.isCompetitor }, chunkText(page.text));
          done++;
          await repo.setProgress(ctx.db, profileId, run, { done });
        },
        onError: (url, error) => {
          errors.push(`${url}: ${messageOf(error)}`);
        },
      });
    }
  } finally {
    await fetcher.close();
  }
  if (!wanted) return 'stale';

  // Full-text search works without embeddings: a provider failure here does not lose the crawl.
  await embedRun(ctx, profile.team_id, profileId, run).catch((error: unknown) => errors.push(`Embeddings: ${messageOf(error)}`));
  // Failed only when nothing at all could be read; a few broken pages are normal on a site.
  const failed = done === 0;
  const error = failed ? (errors[0] ?? 'Nothing could be read from these sources') : errors.length ? `${errors.length} page(s) could not be read` : null;
  const finished = await ctx.db.transaction().execute((trx) => repo.finishRun(trx, profileId, run, { status: failed ? 'failed' : 'ready', error, done }));
  return finished ? 'done' : 'stale';
}

/** Embeddings for the run's chunks, in batches, when an embedding model is configured. */
async function embedRun(ctx: AppContext, teamId: string, profileId: string, run: string) {
  const provider = aiProviderFor(ctx.config);
  if (!provider?.embeddingModel) return;
  for (;;) {
    const batch = await repo.chunksWithoutEmbedding(ctx.db, profileId, run, 64);
    if (batch.length === 0) return;
    const vectors = await provider.embed(teamId, batch.map((c) => c.content));
    if (!vectors) return;
    for (const [i, chunk] of batch.entries()) await repo.setEmbedding(ctx.db, chunk.id, vectors[i]!);
  }
}

/** The last attempt failed outright: the profile says so instead of processing forever. */
export async function failRun(ctx: AppContext, profileId: string, run: string, error: unknown) {
  await ctx.db.transaction().execute((trx) => repo.finishRun(trx, profileId, run, { status: 'failed', error: messageOf(error), done: 0 }));
}
