import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EnrichKind, EnrichmentItemState, EnrichmentRun, EnrichType, ItemSource } from '../../db/schema-enrichment.js';
import { ENRICHABLE_COLUMNS, writeEnrichmentResults, type EnrichableContact } from '../contacts/index.js';
import type { SourcedEmail, SourcedPhone } from './enrichment.waterfall.js';
import type { EnrichmentQuery } from './providers/types.js';

export type { EnrichKind } from '../../db/schema-enrichment.js';
export type ItemState = EnrichmentItemState;

export async function insertRun(
  db: Kysely<DB>,
  v: { teamId: string; userId: string; enrichType: EnrichType; source: string; listId: string | null; progressId: string | null },
) {
  const row = await db
    .insertInto('enrichment_runs')
    .values({ team_id: v.teamId, user_id: v.userId, enrich_type: v.enrichType, source: v.source, list_id: v.listId, progress_id: v.progressId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setRunHold(db: Kysely<DB>, runId: string, holdId: string | null, held: number) {
  await db.updateTable('enrichment_runs').set({ hold_id: holdId, credits_held: held }).where('id', '=', runId).execute();
}

export async function finishRun(db: Kysely<DB>, runId: string, state: 'completed' | 'failed') {
  await db.updateTable('enrichment_runs').set({ state, finished_at: sql`now()` }).where('id', '=', runId).where('state', '=', 'running').execute();
}

export type RunRow = Pick<EnrichmentRun, 'id' | 'team_id' | 'user_id' | 'enrich_type' | 'list_id' | 'progress_id' | 'hold_id' | 'state'>;
export async function findRun(db: Kysely<DB>, runId: string): Promise<RunRow | undefined> {
  return db
    .selectFrom('enrichment_runs')
    .select(['id', 'team_id', 'user_id', 'enrich_type', 'list_id', 'progress_id', 'hold_id', 'state'])
    .where('id', '=', runId)
    .executeTakeFirst();
}

/** The run's items in order; a repeated contact is kept once. */
export async function insertItems(db: Kysely<DB>, runId: string, items: Array<{ contactId: string; kinds: EnrichKind[] }>) {
  if (items.length === 0) return;
  // One jsonb parameter: a bulk run holds up to 50,000 items, beyond the bind limit of a multi-row VALUES.
  const rows = JSON.stringify(items.map((item, seq) => ({ seq, contact_id: item.contactId, kinds: item.kinds })));
  await db
    .insertInto('enrichment_items')
    .columns(['run_id', 'seq', 'contact_id', 'kinds'])
    .expression(
      db
        .selectFrom(sql<{ seq: number; contact_id: string; kinds: unknown }>`jsonb_to_recordset(${rows}::jsonb)`.as<'i'>(sql`i(seq int, contact_id uuid, kinds jsonb)`))
        .select([
          sql<string>`${runId}::uuid`.as('run_id'),
          'i.seq',
          'i.contact_id',
          sql<string[]>`array(select jsonb_array_elements_text(i.kinds))`.as('kinds'),
        ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export type { EnrichableContact };

export type PendingItem = EnrichableContact & { seq: number; kinds: EnrichKind[] };

/** The next pending items of a run, in order, with their contacts. */
export async function pendingItems(db: Kysely<DB>, runId: string, limit: number): Promise<PendingItem[]> {
  return db
    .selectFrom('enrichment_items as i')
    .innerJoin('contacts as c', 'c.id', 'i.contact_id')
    .select(['i.seq', 'i.kinds'])
    .select(ENRICHABLE_COLUMNS.map((column) => `c.${column}` as const))
    .where('i.run_id', '=', runId)
    .where('i.state', '=', 'pending')
    .orderBy('i.seq')
    .limit(limit)
    .execute();
}

export type ItemOutcome = {
  seq: number;
  contactId: string;
  state: Exclude<ItemState, 'pending'>;
  emails: SourcedEmail[];
  phones: SourcedPhone[];
  /** The kinds that were really looked up (their last-enrichment time moves to now). */
  looked: EnrichKind[];
  creditsCharged: number;
  error: string | null;
};

const sourcesOf = (o: ItemOutcome): ItemSource[] => [
  ...o.emails.map((e) => ({ field: `email:${e.email}`, provider: e.source })),
  ...o.phones.map((p) => ({ field: `phone:${p.phoneNumber}`, provider: p.source })),
];

/**
 * Writes a batch of outcomes: each item still pending takes its final state, and the contacts of
 * those items get what was found (contacts' writeEnrichmentResults). Items already final are
 * left alone, so a batch replayed after a crash changes nothing twice. Call in a transaction.
 */
export async function writeOutcomes(db: Kysely<DB>, runId: string, outcomes: ItemOutcome[]) {
  if (outcomes.length === 0) return [];
  const values = JSON.stringify(
    outcomes.map((o) => ({ seq: o.seq, state: o.state, charged: o.creditsCharged, sources: sourcesOf(o), error: o.error })),
  );
  const written = await db
    .updateTable('enrichment_items as i')
    .from(sql<{ seq: number; state: ItemState; charged: number; sources: unknown; error: string | null }>`jsonb_to_recordset(${values}::jsonb)`.as<'v'>(
      sql`v(seq int, state text, charged int, sources jsonb, error text)`,
    ))
    .set((eb) => ({
      state: eb.ref('v.state'),
      credits_charged: eb.ref('v.charged'),
      sources: sql`v.sources`,
      error: eb.ref('v.error'),
      finished_at: sql`now()`,
    }))
    .whereRef('i.seq', '=', 'v.seq')
    .where('i.run_id', '=', runId)
    .where('i.state', '=', 'pending')
    .returning('i.seq')
    .execute();
  const seqs = new Set(written.map((r) => r.seq));
  return writeEnrichmentResults(
    db,
    outcomes
      .filter((o) => seqs.has(o.seq))
      .map((o) => ({ contactId: o.contactId, emails: o.emails, phones: o.phones, emailLooked: o.looked.includes('email'), phoneLooked: o.looked.includes('phone') })),
  );
}

export async function countItems(db: Kysely<DB>, runId: string) {
  const rows = await db
    .selectFrom('enrichment_items')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(credits_charged), 0)::int`.as('charged')])
    .where('run_id', '=', runId)
    .groupBy('state')
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.state, { n: Number(r.n), charged: r.charged }])) as Partial<Record<ItemState, { n: number; charged: number }>>;
  const n = (s: ItemState) => by[s]?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    pending: n('pending'),
    found: n('found'),
    notFound: n('not_found'),
    skipped: n('skipped'),
    failed: n('failed'),
    charged: rows.reduce((sum, r) => sum + r.charged, 0),
  };
}

/** Marks every item still pending as failed (a run that gave up), so each ends in one final state. */
export async function failPendingItems(db: Kysely<DB>, runId: string, error: string) {
  await db
    .updateTable('enrichment_items')
    .set({ state: 'failed', error, finished_at: sql`now()` })
    .where('run_id', '=', runId)
    .where('state', '=', 'pending')
    .execute();
}

/** The user's enrichment preferences (spec §3 shows them on the user; they are set for the whole team). */
export async function findUserPricing(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('teams', 'teams.id', 'users.team_id')
    .select(['teams.database_type', 'teams.are_personal_emails_priority'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The people-database person with this id, compared as text (any string may be sent as a person id). */
export async function findPersonByIdText(db: Kysely<DB>, id: string) {
  return db.selectFrom('people').select('id').where(sql<boolean>`id::text = ${id}`).executeTakeFirst();
}

/** The person a query names in the people database: by id, else LinkedIn URL, else full name and company. */
export async function findPersonContact(db: Kysely<DB>, q: EnrichmentQuery) {
  const base = db.selectFrom('people').select(['work_email', 'personal_emails', 'mobile_phone']).limit(1);
  if (q.personId) return base.where('id', '=', q.personId).executeTakeFirst();
  if (q.linkedinUrl) return base.where('linkedin_url', '=', q.linkedinUrl.toLowerCase()).executeTakeFirst();
  if (q.fullName && q.companyName) {
    return base
      .where('full_name', '=', q.fullName.trim().toLowerCase())
      .where('job_company_name', '=', q.companyName.trim().toLowerCase())
      .executeTakeFirst();
  }
  return undefined;
}

/** Work addresses of people at a company domain, with their names: what the address-pattern provider learns from. */
export async function findDomainEmailExamples(db: Kysely<DB>, domain: string, limit: number) {
  return db
    .selectFrom('people')
    .select(['work_email as email', 'first_name as firstName', 'last_name as lastName'])
    .where(sql<string>`split_part(work_email, '@', 2)`, '=', domain)
    .where('work_email', 'is not', null)
    .$narrowType<{ email: string }>()
    .limit(limit)
    .execute();
}

/** A contact's channel, as a run claims it. */
export type Claim = { contactId: string; channel: EnrichKind };

const claimRows = (claims: Claim[]) => JSON.stringify(claims.map((c) => ({ contact_id: c.contactId, channel: c.channel })));
/** Claims as a table `c(contact_id, channel)`, from one jsonb parameter (a bulk run claims up to 100,000). */
const claimsOf = (claims: Claim[]) =>
  sql<{ contact_id: string; channel: EnrichKind }>`jsonb_to_recordset(${claimRows(claims)}::jsonb)`.as<'c'>(sql`c(contact_id uuid, channel text)`);

/**
 * Frees the claims on these contacts that can no longer lead to a charge: their run ended, or its
 * credit hold was released (a job that died and went quiet). Both only ever become true, so a
 * claim freed here was dead, whatever runs beside this statement.
 */
export async function deleteDeadClaims(db: Kysely<DB>, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  await db
    .deleteFrom('enrichment_claims as e')
    .using('enrichment_runs as r')
    .whereRef('r.id', '=', 'e.run_id')
    .where('e.team_id', '=', teamId)
    .where('e.contact_id', '=', sql<string>`any(${contactIds}::uuid[])`)
    .where((eb) =>
      eb.or([
        eb('r.state', '<>', 'running'),
        eb.exists(eb.selectFrom('credit_holds as h').select('h.id').whereRef('h.id', '=', 'r.hold_id').where('h.released_at', 'is not', null)),
      ]),
    )
    .execute();
}

/**
 * Claims channels for a run in one statement and answers those it got: a channel another run
 * holds is left to it (an insert of a key another transaction is inserting waits for it to end,
 * then yields). Rows go in key order, so two runs over the same contacts never wait crosswise.
 */
export async function insertClaims(db: Kysely<DB>, teamId: string, runId: string, claims: Claim[]): Promise<Claim[]> {
  if (claims.length === 0) return [];
  const rows = await db
    .insertInto('enrichment_claims')
    .columns(['team_id', 'contact_id', 'channel', 'run_id'])
    .expression(
      db
        .selectFrom(claimsOf(claims))
        .select([sql<string>`${teamId}::uuid`.as('team_id'), 'c.contact_id', 'c.channel', sql<string>`${runId}::uuid`.as('run_id')])
        .orderBy('c.contact_id')
        .orderBy('c.channel'),
    )
    .onConflict((oc) => oc.columns(['team_id', 'contact_id', 'channel']).doNothing())
    .returning(['contact_id', 'channel'])
    .execute();
  return rows.map((r) => ({ contactId: r.contact_id, channel: r.channel }));
}

/** Gives back a run's claims on these contacts, or all of them. */
export async function deleteClaims(db: Kysely<DB>, runId: string, contactIds?: string[]) {
  if (contactIds?.length === 0) return;
  let query = db.deleteFrom('enrichment_claims').where('run_id', '=', runId);
  if (contactIds) query = query.where('contact_id', '=', sql<string>`any(${contactIds}::uuid[])`);
  await query.execute();
}

/** Gives back single claims a run took but does not need. */
export async function deleteClaimsOf(db: Kysely<DB>, runId: string, claims: Claim[]) {
  if (claims.length === 0) return;
  await db
    .deleteFrom('enrichment_claims as e')
    .using(claimsOf(claims))
    .where('e.run_id', '=', runId)
    .whereRef('e.contact_id', '=', 'c.contact_id')
    .whereRef('e.channel', '=', 'c.channel')
    .execute();
}

/**
 * The latest ledger charge that bought this address of a contact (the item's sources name each
 * address found, `email:<address>`; compared without case). A run charges each accurate email
 * under the key `enrich:<run>:<seq>:email` (enrichment.service.ts), so the item names its charge.
 */
export async function findEmailCharge(db: Kysely<DB>, teamId: string, contactId: string, email: string) {
  return db
    .selectFrom('enrichment_items as i')
    .innerJoin('enrichment_runs as r', 'r.id', 'i.run_id')
    .innerJoin('credit_ledger as e', (join) =>
      join.onRef('e.team_id', '=', 'r.team_id').on('e.idempotency_key', '=', sql<string>`'enrich:' || i.run_id::text || ':' || i.seq::text || ':email'`),
    )
    .select(['e.id', 'e.amount', 'e.created_at'])
    .where('r.team_id', '=', teamId)
    .where('i.contact_id', '=', contactId)
    .where(sql<boolean>`exists (select 1 from jsonb_array_elements(i.sources) as found where lower(found->>'field') = lower(${`email:${email}`}))`)
    .where('e.kind', '=', 'charge')
    .orderBy('e.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
