import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { applyContactChanges } from '../lists/index.js';
import type { SourcedEmail, SourcedPhone } from './enrichment.waterfall.js';

export type EnrichKind = 'email' | 'phone';
export type ItemState = 'pending' | 'found' | 'not_found' | 'skipped' | 'failed';

export async function insertRun(
  db: Kysely<DB>,
  v: { teamId: string; userId: string; enrichType: string; source: string; listId: string | null; progressId: string | null },
) {
  const { rows } = await sql<{ id: string }>`
    insert into enrichment_runs (team_id, user_id, enrich_type, source, list_id, progress_id)
    values (${v.teamId}, ${v.userId}, ${v.enrichType}, ${v.source}, ${v.listId}, ${v.progressId}) returning id`.execute(db);
  return rows[0]!.id;
}

export async function setRunHold(db: Kysely<DB>, runId: string, holdId: string | null, held: number) {
  await sql`update enrichment_runs set hold_id = ${holdId}, credits_held = ${held} where id = ${runId}`.execute(db);
}

export async function finishRun(db: Kysely<DB>, runId: string, state: 'completed' | 'failed') {
  await sql`update enrichment_runs set state = ${state}, finished_at = now() where id = ${runId} and state = 'running'`.execute(db);
}

export type RunRow = { id: string; team_id: string; user_id: string | null; enrich_type: string; list_id: string | null; progress_id: string | null; hold_id: string | null; state: string };
export async function findRun(db: Kysely<DB>, runId: string) {
  const { rows } = await sql<RunRow>`
    select id, team_id, user_id, enrich_type, list_id, progress_id, hold_id, state from enrichment_runs where id = ${runId}`.execute(db);
  return rows[0];
}

/** The run's items in order; a repeated contact is kept once. */
export async function insertItems(db: Kysely<DB>, runId: string, items: Array<{ contactId: string; kinds: EnrichKind[] }>) {
  if (items.length === 0) return;
  await sql`
    insert into enrichment_items (run_id, seq, contact_id, kinds)
    select ${runId}, i.seq, i.contact_id, array(select jsonb_array_elements_text(i.kinds))
    from jsonb_to_recordset(${JSON.stringify(items.map((item, seq) => ({ seq, contact_id: item.contactId, kinds: item.kinds })))}::jsonb)
      as i(seq int, contact_id uuid, kinds jsonb)
    on conflict do nothing`.execute(db);
}

/** What the waterfall needs to know of a contact, and what enrichment decides from. */
export type EnrichableContact = {
  id: string;
  person_id: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  company_domain: string | null;
  linkedin_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  emails: Array<{ email: string; status: string }>;
  phones: Array<{ phoneNumber: string; status: string }>;
  last_email_enrichment: Date | null;
  last_phone_enrichment: Date | null;
};
const contactColumns = sql`c.id, c.person_id, c.full_name, c.first_name, c.last_name, c.company_name, c.company_domain, c.linkedin_url,
  c.city, c.state, c.country, c.emails, c.phones, c.last_email_enrichment, c.last_phone_enrichment`;

export async function findEnrichableContacts(db: Kysely<DB>, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<EnrichableContact>`
    select ${contactColumns} from contacts c where c.team_id = ${teamId} and c.id = any(${ids}::uuid[])`.execute(db);
  return rows;
}

export type PendingItem = EnrichableContact & { seq: number; kinds: EnrichKind[] };

/** The next pending items of a run, in order. */
export async function pendingItems(db: Kysely<DB>, runId: string, limit: number) {
  const { rows } = await sql<PendingItem>`
    select i.seq, i.kinds, ${contactColumns} from enrichment_items i join contacts c on c.id = i.contact_id
    where i.run_id = ${runId} and i.state = 'pending' order by i.seq limit ${limit}`.execute(db);
  return rows;
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

/**
 * Writes a batch of outcomes: new emails and phones are appended to each contact (an address it
 * already has is not repeated), the first becomes primary when there was none, the looked-up kinds
 * get a new last-enrichment time, each item takes its final state, and the lists holding the
 * contacts count the change. Only items still pending are written, so a batch replayed after a
 * crash changes nothing twice.
 */
export async function writeOutcomes(db: Kysely<DB>, runId: string, outcomes: ItemOutcome[]) {
  if (outcomes.length === 0) return [];
  const values = JSON.stringify(
    outcomes.map((o) => ({
      seq: o.seq,
      contact_id: o.contactId,
      state: o.state,
      emails: o.emails,
      phones: o.phones,
      email_done: o.looked.includes('email'),
      phone_done: o.looked.includes('phone'),
      charged: o.creditsCharged,
      sources: [...o.emails.map((e) => ({ field: `email:${e.email}`, provider: e.source })), ...o.phones.map((p) => ({ field: `phone:${p.phoneNumber}`, provider: p.source }))],
      error: o.error,
    })),
  );
  const { rows } = await sql<{ contact_id: string }>`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb)
        as v(seq int, contact_id uuid, state text, emails jsonb, phones jsonb, email_done boolean, phone_done boolean, charged int, sources jsonb, error text)
    ), items as (
      update enrichment_items i set state = v.state, credits_charged = v.charged, sources = v.sources, error = v.error, finished_at = now()
      from v where i.run_id = ${runId} and i.seq = v.seq and i.state = 'pending'
      returning i.contact_id
    ), before as (
      -- Every part of one statement sees the contacts as they were before it.
      select c.id, c.emails, c.phones, c.linkedin_url from contacts c join items on items.contact_id = c.id
    ), fresh as (
      select v.contact_id,
        coalesce((select jsonb_agg(e) from jsonb_array_elements(v.emails) e
          where not exists (select 1 from jsonb_array_elements(b.emails) x where lower(x->>'email') = lower(e->>'email'))), '[]'::jsonb) as emails,
        coalesce((select jsonb_agg(p) from jsonb_array_elements(v.phones) p
          where not exists (select 1 from jsonb_array_elements(b.phones) x where x->>'phoneNumber' = p->>'phoneNumber')), '[]'::jsonb) as phones,
        v.email_done, v.phone_done
      from v join before b on b.id = v.contact_id
    ), after as (
      update contacts c set
        emails = c.emails || f.emails,
        phones = c.phones || f.phones,
        primary_email = coalesce(c.primary_email, f.emails->0->>'email'),
        primary_phone = coalesce(c.primary_phone, f.phones->0->>'phoneNumber'),
        last_email_enrichment = case when f.email_done then now() else c.last_email_enrichment end,
        last_phone_enrichment = case when f.phone_done then now() else c.last_phone_enrichment end,
        updated_at = now()
      from fresh f where c.id = f.contact_id
      returning c.id, c.emails, c.phones, c.linkedin_url
    ), counted as (${applyContactChanges('before', 'after')})
    select id as contact_id from after`.execute(db);
  return rows.map((r) => r.contact_id);
}

export async function countItems(db: Kysely<DB>, runId: string) {
  const { rows } = await sql<{ state: ItemState; n: number; charged: number }>`
    select state, count(*)::int as n, coalesce(sum(credits_charged), 0)::int as charged from enrichment_items where run_id = ${runId} group by state`.execute(db);
  const by = Object.fromEntries(rows.map((r) => [r.state, r])) as Partial<Record<ItemState, { n: number; charged: number }>>;
  const n = (s: ItemState) => by[s]?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
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
  await sql`update enrichment_items set state = 'failed', error = ${error}, finished_at = now() where run_id = ${runId} and state = 'pending'`.execute(db);
}
