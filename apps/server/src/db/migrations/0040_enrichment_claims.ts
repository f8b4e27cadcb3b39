import { sql, type Kysely } from 'kysely';

/**
 * Who is enriching what: one row per (team, contact, channel) while a run looks that channel up.
 * A run takes its claims with one `insert ... on conflict do nothing` in the transaction that
 * holds its credits, so of two requests for the same contact exactly one gets it; the claim goes
 * when the item's outcome is written (same transaction as its charge) or when the run ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table enrichment_claims (
      team_id uuid not null references teams(id) on delete cascade,
      contact_id uuid not null references contacts(id) on delete cascade,
      channel text not null check (channel in ('email', 'phone')),
      run_id uuid not null references enrichment_runs(id) on delete cascade,
      claimed_at timestamptz not null default now(),
      -- contact_id first: a contact id names one team's contact, and deleting contacts finds their claims by it.
      primary key (contact_id, channel, team_id)
    )`.execute(db);
  await sql`create index enrichment_claims_run_idx on enrichment_claims(run_id, contact_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table enrichment_claims`.execute(db);
}
