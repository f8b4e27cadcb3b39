import { sql, type Kysely } from 'kysely';

/**
 * Knowledge hub: a member's profiles (at most one default each), the sources read for a
 * profile (pages, attachments, context text) and their chunks, indexed for full-text search.
 * `crawl_run` names the crawl that may write the profile's sources: a newer request replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table knowledge_profiles (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      profile_name text not null,
      is_default boolean not null default false,
      root_urls jsonb not null default '[]',
      additional_info jsonb not null default '[]',
      status text not null default 'processing' check (status in ('processing', 'ready', 'failed')),
      crawl_run uuid not null default gen_random_uuid(),
      progress_done integer not null default 0,
      progress_total integer,
      error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index knowledge_profiles_team_user_idx on knowledge_profiles(team_id, user_id, created_at)`.execute(db);
  await sql`create unique index knowledge_profiles_one_default_idx on knowledge_profiles(user_id) where is_default`.execute(db);
  await sql`
    create table knowledge_sources (
      id uuid primary key default gen_random_uuid(),
      profile_id uuid not null references knowledge_profiles(id) on delete cascade,
      crawl_run uuid not null,
      root_url text,
      url text,
      title text,
      kind text not null check (kind in ('page', 'pdf', 'docx', 'text')),
      is_competitor boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index knowledge_sources_profile_idx on knowledge_sources(profile_id, crawl_run)`.execute(db);
  await sql`
    create table knowledge_chunks (
      id uuid primary key default gen_random_uuid(),
      profile_id uuid not null references knowledge_profiles(id) on delete cascade,
      source_id uuid not null references knowledge_sources(id) on delete cascade,
      position integer not null,
      content text not null,
      search tsvector generated always as (to_tsvector('english', content)) stored,
      embedding real[]
    )`.execute(db);
  await sql`create index knowledge_chunks_search_idx on knowledge_chunks using gin(search)`.execute(db);
  await sql`create index knowledge_chunks_source_idx on knowledge_chunks(source_id)`.execute(db);
  await sql`create index knowledge_chunks_profile_idx on knowledge_chunks(profile_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table knowledge_chunks`.execute(db);
  await sql`drop table knowledge_sources`.execute(db);
  await sql`drop table knowledge_profiles`.execute(db);
}
