import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { StoredAdditionalInfo, StoredRootUrl } from '../../db/schema-knowledge-hub.js';

type Db = Kysely<DB> | Transaction<DB>;

const profileColumns = [
  'knowledge_profiles.id',
  'knowledge_profiles.team_id',
  'knowledge_profiles.user_id',
  'knowledge_profiles.profile_name',
  'knowledge_profiles.is_default',
  'knowledge_profiles.root_urls',
  'knowledge_profiles.additional_info',
  'knowledge_profiles.status',
  'knowledge_profiles.crawl_run',
  'knowledge_profiles.progress_done',
  'knowledge_profiles.progress_total',
  'knowledge_profiles.error',
  'knowledge_profiles.created_at',
] as const;

/** A profile with how many sources its current crawl stored. */
function profilesWithCounts(db: Db) {
  return db
    .selectFrom('knowledge_profiles')
    .select(profileColumns)
    .select((eb) =>
      eb
        .selectFrom('knowledge_sources')
        .whereRef('knowledge_sources.profile_id', '=', 'knowledge_profiles.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('source_count'),
    );
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileById>>>;

export async function listProfiles(db: Db, teamId: string, userId: string) {
  return profilesWithCounts(db).where('team_id', '=', teamId).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function findProfile(db: Db, teamId: string, userId: string, id: string) {
  return profilesWithCounts(db).where('team_id', '=', teamId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function findProfileById(db: Db, id: string) {
  return profilesWithCounts(db).where('id', '=', id).executeTakeFirst();
}

export async function findDefaultProfile(db: Db, teamId: string, userId: string) {
  return db.selectFrom('knowledge_profiles').select(['id']).where('team_id', '=', teamId).where('user_id', '=', userId).where('is_default', '=', true).executeTakeFirst();
}

export async function insertProfile(db: Db, v: { teamId: string; userId: string; name: string; rootUrls: StoredRootUrl[]; additionalInfo: StoredAdditionalInfo[]; isDefault: boolean }) {
  return db
    .insertInto('knowledge_profiles')
    .values({
      team_id: v.teamId,
      user_id: v.userId,
      profile_name: v.name,
      is_default: v.isDefault,
      root_urls: JSON.stringify(v.rootUrls),
      additional_info: JSON.stringify(v.additionalInfo),
    })
    .returning(['id', 'crawl_run'])
    .executeTakeFirstOrThrow();
}

/** Points the profile at a new crawl: it is processing again, from no progress. */
export async function restartCrawl(db: Db, id: string, content: { rootUrls: StoredRootUrl[]; additionalInfo: StoredAdditionalInfo[] }) {
  return db
    .updateTable('knowledge_profiles')
    .set({
      root_urls: JSON.stringify(content.rootUrls),
      additional_info: JSON.stringify(content.additionalInfo),
      status: 'processing',
      crawl_run: sql<string>`gen_random_uuid()`,
      progress_done: 0,
      progress_total: null,
      error: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(['crawl_run'])
    .executeTakeFirstOrThrow();
}

export async function renameProfile(db: Db, id: string, name: string) {
  await db.updateTable('knowledge_profiles').set({ profile_name: name, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export async function setContent(db: Db, id: string, content: { rootUrls: StoredRootUrl[]; additionalInfo: StoredAdditionalInfo[] }) {
  await db
    .updateTable('knowledge_profiles')
    .set({ root_urls: JSON.stringify(content.rootUrls), additional_info: JSON.stringify(content.additionalInfo), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteProfile(db: Db, teamId: string, userId: string, id: string) {
  return db.deleteFrom('knowledge_profiles').where('team_id', '=', teamId).where('user_id', '=', userId).where('id', '=', id).returning(['is_default']).executeTakeFirst();
}

/** Makes `id` the user's one default profile (the partial unique index allows no second). */
export async function setDefault(trx: Transaction<DB>, userId: string, id: string) {
  await trx.updateTable('knowledge_profiles').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).where('id', '!=', id).execute();
  await trx.updateTable('knowledge_profiles').set({ is_default: true }).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function newestProfileId(db: Db, teamId: string, userId: string) {
  const row = await db.selectFrom('knowledge_profiles').select('id').where('team_id', '=', teamId).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.id;
}

/** Progress of the profile's current crawl only: a replaced crawl writes nothing. */
export async function setProgress(db: Db, id: string, run: string, values: { done?: number; total?: number | null }) {
  await db
    .updateTable('knowledge_profiles')
    .set({ ...(values.done !== undefined ? { progress_done: values.done } : {}), ...(values.total !== undefined ? { progress_total: values.total } : {}) })
    .where('id', '=', id)
    .where('crawl_run', '=', run)
    .execute();
}

export async function isCurrentRun(db: Db, id: string, run: string): Promise<boolean> {
  const row = await db.selectFrom('knowledge_profiles').select('id').where('id', '=', id).where('crawl_run', '=', run).where('status', '=', 'processing').executeTakeFirst();
  return Boolean(row);
}

/** Ends the crawl: its sources replace the older ones. False when a newer crawl took over meanwhile. */
export async function finishRun(trx: Transaction<DB>, id: string, run: string, outcome: { status: 'ready' | 'failed'; error: string | null; done: number }) {
  const updated = await trx
    .updateTable('knowledge_profiles')
    .set({ status: outcome.status, error: outcome.error, progress_done: outcome.done, progress_total: outcome.done, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('crawl_run', '=', run)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  if (outcome.status === 'ready') await trx.deleteFrom('knowledge_sources').where('profile_id', '=', id).where('crawl_run', '!=', run).execute();
  return true;
}

/** What an earlier attempt of this crawl stored: a retry starts clean. */
export async function deleteRunSources(db: Db, profileId: string, run: string) {
  await db.deleteFrom('knowledge_sources').where('profile_id', '=', profileId).where('crawl_run', '=', run).execute();
}

export async function deleteSourcesOfRoot(db: Db, profileId: string, rootUrl: string) {
  await db.deleteFrom('knowledge_sources').where('profile_id', '=', profileId).where('root_url', '=', rootUrl).execute();
}

export async function deleteTextSources(db: Db, profileId: string) {
  await db.deleteFrom('knowledge_sources').where('profile_id', '=', profileId).where('kind', '=', 'text').execute();
}

export type NewSource = { profileId: string; run: string; rootUrl: string | null; url: string | null; title: string | null; kind: 'page' | 'pdf' | 'docx' | 'text'; isCompetitor: boolean };

/** A source and its chunks, together. */
export async function insertSource(db: Db, source: NewSource, chunks: string[]) {
  const row = await db
    .insertInto('knowledge_sources')
    .values({ profile_id: source.profileId, crawl_run: source.run, root_url: source.rootUrl, url: source.url, title: source.title, kind: source.kind, is_competitor: source.isCompetitor })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (chunks.length) {
    await db
      .insertInto('knowledge_chunks')
      .values(chunks.map((content, position) => ({ profile_id: source.profileId, source_id: row.id, position, content })))
      .execute();
  }
  return row.id;
}

export async function listSources(db: Db, profileId: string) {
  return db
    .selectFrom('knowledge_sources')
    .select(['id', 'url', 'title', 'kind', 'is_competitor'])
    .select((eb) => eb.selectFrom('knowledge_chunks').whereRef('knowledge_chunks.source_id', '=', 'knowledge_sources.id').select((e) => e.fn.countAll<number>().as('n')).as('chunk_count'))
    .where('profile_id', '=', profileId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
}

export async function chunksWithoutEmbedding(db: Db, profileId: string, run: string, limit: number) {
  return db
    .selectFrom('knowledge_chunks')
    .innerJoin('knowledge_sources', 'knowledge_sources.id', 'knowledge_chunks.source_id')
    .select(['knowledge_chunks.id', 'knowledge_chunks.content'])
    .where('knowledge_chunks.profile_id', '=', profileId)
    .where('knowledge_sources.crawl_run', '=', run)
    .where('knowledge_chunks.embedding', 'is', null)
    .orderBy('knowledge_chunks.id')
    .limit(limit)
    .execute();
}

export async function setEmbedding(db: Db, chunkId: string, embedding: number[]) {
  await db.updateTable('knowledge_chunks').set({ embedding }).where('id', '=', chunkId).execute();
}

const chunkColumns = ['knowledge_chunks.id', 'knowledge_chunks.content', 'knowledge_sources.url', 'knowledge_sources.title', 'knowledge_sources.kind', 'knowledge_sources.is_competitor'] as const;

/**
 * The profile's chunks that contain any of `terms`, best first (ts_rank_cd over the stored
 * tsvector). Terms are single words of letters and digits, joined with "|" as one bound value.
 */
export async function searchChunks(db: Db, profileId: string, terms: string[], limit: number) {
  if (terms.length === 0) return [];
  const query = sql`to_tsquery('english', ${terms.join(' | ')})`;
  return db
    .selectFrom('knowledge_chunks')
    .innerJoin('knowledge_sources', 'knowledge_sources.id', 'knowledge_chunks.source_id')
    .select(chunkColumns)
    .select(sql<number>`ts_rank_cd(knowledge_chunks.search, ${query})`.as('rank'))
    .where('knowledge_chunks.profile_id', '=', profileId)
    .where(sql<boolean>`knowledge_chunks.search @@ ${query}`)
    .orderBy('rank', 'desc')
    .orderBy('knowledge_chunks.id')
    .limit(limit)
    .execute();
}

/** Chunks with embeddings, for ranking by similarity in the service (at most `limit`). */
export async function embeddedChunks(db: Db, profileId: string, limit: number) {
  return db
    .selectFrom('knowledge_chunks')
    .innerJoin('knowledge_sources', 'knowledge_sources.id', 'knowledge_chunks.source_id')
    .select([...chunkColumns, 'knowledge_chunks.embedding'])
    .where('knowledge_chunks.profile_id', '=', profileId)
    .where('knowledge_chunks.embedding', 'is not', null)
    .limit(limit)
    .execute();
}

/** The first chunks of the profile's own (not competitor) sources: context when a query matches nothing. */
export async function leadingChunks(db: Db, profileId: string, limit: number) {
  return db
    .selectFrom('knowledge_chunks')
    .innerJoin('knowledge_sources', 'knowledge_sources.id', 'knowledge_chunks.source_id')
    .select(chunkColumns)
    .where('knowledge_chunks.profile_id', '=', profileId)
    .where('knowledge_sources.is_competitor', '=', false)
    .where('knowledge_chunks.position', '=', 0)
    .orderBy('knowledge_sources.created_at')
    .limit(limit)
    .execute();
}
