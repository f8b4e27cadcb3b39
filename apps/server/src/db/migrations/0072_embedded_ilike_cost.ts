import { sql, type Kysely } from 'kysely';

/**
 * On the embedded database (PGlite: PostgreSQL compiled to WebAssembly) a case-insensitive LIKE
 * costs far more per row than the planner's estimate of one operator, so a search for a rare
 * keyword tested every person's title, name and company instead of reading the trigram indexes
 * (at 50,000 people a count took about 0.5 s that way against 0.1 s through the indexes; see
 * docs/bench/search-load.txt). Estimating the operator at 20 picks the indexes when they help and
 * still scans when a pattern matches nearly everyone. A PostgreSQL server keeps its own estimate:
 * there the indexes are already chosen at scale, and the function belongs to its administrator.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`do $$ begin
    if version() like '%emscripten%' then alter function texticlike(text, text) cost 20; end if;
  end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`do $$ begin
    if version() like '%emscripten%' then alter function texticlike(text, text) cost 1; end if;
  end $$`.execute(db);
}
