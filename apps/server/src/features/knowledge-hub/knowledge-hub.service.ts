import {
  KNOWLEDGE_LIMITS,
  notFound,
  type CreateKnowledgeProfileBody,
  type DeleteKnowledgeContentBody,
  type KnowledgeProfileDetail,
  type KnowledgeProfileDto,
  type UpdateKnowledgeProfileBody,
  CreateKnowledgeProfileBody as CreateBody,
  UpdateKnowledgeProfileBody as UpdateBody,
  DeleteKnowledgeContentBody as DeleteContentBody,
  type RootUrl,
} from '@leadline/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { StoredAdditionalInfo, StoredRootUrl } from '../../db/schema-knowledge-hub.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { chunkText } from './chunking.js';
import { buildKnowledgeProfile } from './knowledge-hub.jobs.js';
import * as repo from './knowledge-hub.repository.js';

export function presentProfile(row: repo.ProfileRow): KnowledgeProfileDto {
  return {
    _id: row.id,
    userId: row.user_id,
    profileName: row.profile_name,
    vectorStoreId: row.id,
    isDefaultProfile: row.is_default,
    createdAt: row.created_at.toISOString(),
    rootUrls: row.root_urls,
    additionalInfo: row.additional_info.map((i) => ({ filename: i.filename, isCompetitor: i.isCompetitor, characters: i.text.length })),
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total },
    error: row.error,
    sourceCount: Number(row.source_count ?? 0),
  };
}

async function ownProfile(ctx: AppContext, actor: Actor, id: string) {
  const row = await repo.findProfile(ctx.db, actor.teamId, actor.userId, id);
  if (!row) throw notFound('Knowledge hub profile');
  return row;
}

const keepInfo = (items: z.output<typeof CreateBody>['additionalInfo']): StoredAdditionalInfo[] =>
  // Spec §5: context text is included only if non-blank.
  items.filter((i) => i.text.trim() !== '').map((i) => ({ text: i.text, filename: i.filename ?? null, isCompetitor: i.isCompetitor }));

/**
 * Creates a member's profile and starts its crawl (a job). Their first profile becomes their
 * default. Other features (onboarding) create the first profile through this too, inside their
 * own transaction when they pass `trx`.
 */
export async function createProfile(ctx: AppContext, actor: Actor, input: CreateKnowledgeProfileBody, options: { trx?: Transaction<DB> } = {}): Promise<KnowledgeProfileDto> {
  const body = CreateBody.parse(input);
  const insert = async (trx: Transaction<DB>) => {
    const hasDefault = Boolean(await repo.findDefaultProfile(trx, actor.teamId, actor.userId));
    const row = await repo.insertProfile(trx, {
      teamId: actor.teamId,
      userId: actor.userId,
      name: body.profileName,
      rootUrls: body.rootUrls,
      additionalInfo: keepInfo(body.additionalInfo),
      isDefault: !hasDefault,
    });
    await ctx.queue.send(buildKnowledgeProfile, { profileId: row.id, crawlRun: row.crawl_run }, { trx });
    return row.id;
  };
  const id = options.trx ? await insert(options.trx) : await ctx.db.transaction().execute(insert);
  return presentProfile((await repo.findProfileById(options.trx ?? ctx.db, id))!);
}

/** The member's own profile, or null: for features that keep a reference to one (onboarding). */
export async function findOwnProfile(ctx: AppContext, actor: Actor, id: string): Promise<KnowledgeProfileDto | null> {
  const row = await repo.findProfile(ctx.db, actor.teamId, actor.userId, id);
  return row ? presentProfile(row) : null;
}

const sameRootUrls = (a: readonly StoredRootUrl[], b: readonly StoredRootUrl[]) =>
  a.length === b.length && a.every((r, i) => r.url === b[i]!.url && r.isCompetitor === b[i]!.isCompetitor && r.includeSubPages === b[i]!.includeSubPages);

/**
 * Replaces the root URLs of the member's own profile inside the caller's transaction and reads
 * it again (onboarding's company step saved a second time); the same list starts no new crawl.
 * Null when the member has no such profile.
 */
export async function replaceRootUrls(
  ctx: AppContext,
  actor: Actor,
  input: { profileId: string; rootUrls: z.input<typeof RootUrl>[] },
  trx: Transaction<DB>,
): Promise<KnowledgeProfileDto | null> {
  const rootUrls = CreateBody.shape.rootUrls.parse(input.rootUrls);
  const row = await repo.findProfile(trx, actor.teamId, actor.userId, input.profileId);
  if (!row) return null;
  if (!sameRootUrls(row.root_urls, rootUrls)) {
    const { crawl_run } = await repo.restartCrawl(trx, row.id, { rootUrls, additionalInfo: row.additional_info });
    await ctx.queue.send(buildKnowledgeProfile, { profileId: row.id, crawlRun: crawl_run }, { trx });
  }
  return presentProfile((await repo.findProfileById(trx, row.id))!);
}

export async function listProfiles(ctx: AppContext, actor: Actor): Promise<KnowledgeProfileDto[]> {
  return (await repo.listProfiles(ctx.db, actor.teamId, actor.userId)).map(presentProfile);
}

export async function getProfile(ctx: AppContext, actor: Actor, id: string): Promise<KnowledgeProfileDetail> {
  const row = await ownProfile(ctx, actor, id);
  const sources = await repo.listSources(ctx.db, id);
  return {
    ...presentProfile(row),
    sources: sources.map((s) => ({ _id: s.id, url: s.url, title: s.title, kind: s.kind, isCompetitor: s.is_competitor, chunks: Number(s.chunk_count ?? 0) })),
  };
}

/** Renames, and adds content; added content starts a new crawl of the whole profile. */
export async function updateProfile(ctx: AppContext, actor: Actor, input: UpdateKnowledgeProfileBody): Promise<KnowledgeProfileDto> {
  const body = UpdateBody.parse(input);
  const row = await ownProfile(ctx, actor, body.profileId);
  await ctx.db.transaction().execute(async (trx) => {
    if (body.profileName !== undefined) await repo.renameProfile(trx, row.id, body.profileName);
    const known = new Set(row.root_urls.map((r) => r.url));
    const added = body.addRootUrls.filter((r) => !known.has(r.url));
    const addedInfo = keepInfo(body.addAdditionalInfo);
    if (added.length === 0 && addedInfo.length === 0) return;
    const rootUrls: StoredRootUrl[] = [...row.root_urls, ...added].slice(0, KNOWLEDGE_LIMITS.maxRootUrls);
    const additionalInfo = [...row.additional_info, ...addedInfo].slice(0, KNOWLEDGE_LIMITS.maxAdditionalInfo);
    const { crawl_run } = await repo.restartCrawl(trx, row.id, { rootUrls, additionalInfo });
    await ctx.queue.send(buildKnowledgeProfile, { profileId: row.id, crawlRun: crawl_run }, { trx });
  });
  return presentProfile((await repo.findProfileById(ctx.db, row.id))!);
}

/** Removes one root URL or one context item, with everything read from it; no new crawl is needed. */
export async function deleteContent(ctx: AppContext, actor: Actor, input: DeleteKnowledgeContentBody): Promise<KnowledgeProfileDto> {
  const body = DeleteContentBody.parse(input);
  const row = await ownProfile(ctx, actor, body.profileId);
  await ctx.db.transaction().execute(async (trx) => {
    if (body.url !== undefined) {
      const url = body.url;
      if (!row.root_urls.some((r) => r.url === url)) throw notFound('Root URL');
      await repo.setContent(trx, row.id, { rootUrls: row.root_urls.filter((r) => r.url !== url), additionalInfo: row.additional_info });
      await repo.deleteSourcesOfRoot(trx, row.id, url);
      return;
    }
    const index = body.additionalInfoIndex!;
    if (index >= row.additional_info.length) throw notFound('Additional info');
    const additionalInfo = row.additional_info.filter((_, i) => i !== index);
    await repo.setContent(trx, row.id, { rootUrls: row.root_urls, additionalInfo });
    // Texts are indexed again from what is left: cheap, and keeps sources and items in step.
    await repo.deleteTextSources(trx, row.id);
    for (const info of additionalInfo) {
      await repo.insertSource(trx, { profileId: row.id, run: row.crawl_run, rootUrl: null, url: null, title: info.filename, kind: 'text', isCompetitor: info.isCompetitor }, chunkText(info.text));
    }
  });
  return presentProfile((await repo.findProfileById(ctx.db, row.id))!);
}

/** Deletes the profile and its index; when it was the default, the newest remaining one takes over. */
export async function deleteProfile(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteProfile(trx, actor.teamId, actor.userId, id);
    if (!deleted) throw notFound('Knowledge hub profile');
    if (!deleted.is_default) return;
    const next = await repo.newestProfileId(trx, actor.teamId, actor.userId);
    if (next) await repo.setDefault(trx, actor.userId, next);
  });
}

export async function setDefaultProfile(ctx: AppContext, actor: Actor, id: string): Promise<KnowledgeProfileDto> {
  await ownProfile(ctx, actor, id);
  await ctx.db.transaction().execute((trx) => repo.setDefault(trx, actor.userId, id));
  return presentProfile((await repo.findProfileById(ctx.db, id))!);
}

