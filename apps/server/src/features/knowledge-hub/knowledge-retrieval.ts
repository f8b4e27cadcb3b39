/**
 * The passages of a member's knowledge profile that best fit a text: full-text search over the
 * stored chunks, merged with embedding similarity when an embedding model is configured
 * (reciprocal rank fusion). With no match, the opening passages of our own sources stand in,
 * so a generated email still knows what we sell.
 */
import { notFound } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { aiProviderFor } from '../ai/index.js';
import { queryTerms } from './chunking.js';
import * as repo from './knowledge-hub.repository.js';

export type KnowledgePassage = { id: string; content: string; url: string | null; title: string | null; isCompetitor: boolean };
export type Retrieved = { profileId: string | null; passages: KnowledgePassage[] };

const FUSION_K = 60;

export async function retrieveKnowledge(ctx: AppContext, actor: Actor, options: { profileId?: string | undefined; text: string; limit?: number }): Promise<Retrieved> {
  const limit = options.limit ?? 6;
  const profileId = options.profileId ?? (await repo.findDefaultProfile(ctx.db, actor.teamId, actor.userId))?.id;
  if (!profileId) return { profileId: null, passages: [] };
  if (options.profileId && !(await repo.findProfile(ctx.db, actor.teamId, actor.userId, options.profileId))) throw notFound('Knowledge hub profile');

  const scores = new Map<string, { passage: KnowledgePassage; score: number }>();
  const add = (rows: Array<{ id: string; content: string; url: string | null; title: string | null; is_competitor: boolean }>) =>
    rows.forEach((row, rank) => {
      const entry = scores.get(row.id) ?? { passage: { id: row.id, content: row.content, url: row.url, title: row.title, isCompetitor: row.is_competitor }, score: 0 };
      entry.score += 1 / (FUSION_K + rank + 1);
      scores.set(row.id, entry);
    });

  add(await repo.searchChunks(ctx.db, profileId, queryTerms(options.text), limit * 4));
  const provider = aiProviderFor(ctx.config);
  if (provider?.embeddingModel) {
    const [vector] = (await provider.embed(actor.teamId, [options.text.slice(0, 8000)])) ?? [];
    if (vector) {
      const embedded = await repo.embeddedChunks(ctx.db, profileId, 5000);
      const ranked = embedded
        .map((row) => ({ row, similarity: cosine(vector, row.embedding ?? []) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, limit * 4)
        .map((r) => r.row);
      add(ranked);
    }
  }
  if (scores.size === 0) add(await repo.leadingChunks(ctx.db, profileId, limit));
  const passages = [...scores.values()].sort((a, b) => b.score - a.score).slice(0, limit).map((e) => e.passage);
  return { profileId, passages };
}

function cosine(a: number[], b: number[]): number {
  if (a.length !== b.length || a.length === 0) return -1;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : -1;
}
