import {
  AppError,
  BULK_ENRICH_MAX,
  canEnrich,
  countsAsFoundEmail,
  emailCost,
  ENRICH_TEMPLATES,
  ENRICHMENT_MESSAGES,
  isAccurateEmail,
  isAccuratePhone,
  isUuid,
  kindsToEnrich,
  normalizeFilters,
  notFound,
  phoneCost,
  shortLinkedInUrl,
  type BulkEnrichBody,
  type EnrichedContact,
  type EnrichmentPricing,
  type EnrichInput,
  type EnrichType,
  type SingleEnrichBody,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { readTableBatches } from '../../lib/files/index.js';
import { chargeHoldMany, holdCredits, releaseHold } from '../credits/index.js';
import { requireUpload } from '../files/index.js';
import { ProgressTracker } from '../progress/index.js';
import { createFileContacts, createFromPeople, findEnrichableContacts } from '../contacts/index.js';
import * as lists from '../lists/index.js';
import { meterSearchRun, pagePeople, peopleSearchConditions } from '../search/index.js';
import { contactEnriched } from './enrichment.events.js';
import { bulkEnrichment } from './enrichment.jobs.js';
import * as repo from './enrichment.repository.js';
import { runWaterfall } from './enrichment.waterfall.js';
import type { EnrichmentProvider, EnrichmentQuery } from './providers/types.js';

/** Contacts looked up at once: their writes, charges and list recounts share one transaction. */
export const ITEM_BATCH = 200;
/** Look-ups in flight at once within a batch (vendors are slow; the local database is not). */
const LOOKUP_CONCURRENCY = 8;

/** The user's pricing (spec §3: databaseType and arePersonalEmailsPriority are the user's). */
export async function pricingOf(db: Kysely<DB>, userId: string): Promise<EnrichmentPricing> {
  const user = await repo.findUserPricing(db, userId);
  return { databaseType: user.database_type, arePersonalEmailsPriority: user.are_personal_emails_priority };
}

const kindCost = (kind: repo.EnrichKind, pricing: EnrichmentPricing) => (kind === 'email' ? emailCost(pricing) : phoneCost());
export const itemsCost = (items: Array<{ kinds: repo.EnrichKind[] }>, pricing: EnrichmentPricing) =>
  items.reduce((sum, item) => sum + item.kinds.reduce((s, k) => s + kindCost(k, pricing), 0), 0);

/** An unverified upload (or one a verification failed) is not a found email: enrichment may look for a verified one. */
const channelsOf = (c: repo.EnrichableContact) => ({
  emails: c.emails.filter(countsAsFoundEmail).length,
  phones: c.phones.length,
  lastEmailEnrichment: c.last_email_enrichment,
  lastPhoneEnrichment: c.last_phone_enrichment,
});
const enrichable = (c: repo.EnrichableContact) => canEnrich({ linkedinUrl: c.linkedin_url, fullName: c.full_name, companyName: c.company_name });

/** The waterfall's query for a contact: profile URL in short form, names split, the place as one text. */
export function queryOf(c: repo.EnrichableContact): EnrichmentQuery {
  const [first, ...rest] = (c.full_name ?? '').trim().split(/\s+/);
  return {
    personId: c.person_id,
    linkedinUrl: c.linkedin_url ? shortLinkedInUrl(c.linkedin_url) : null,
    fullName: c.full_name,
    firstName: c.first_name ?? (first || null),
    lastName: c.last_name ?? (rest.join(' ') || null),
    companyName: c.company_name,
    companyDomain: c.company_domain,
    location: [c.city, c.state, c.country].filter(Boolean).join(', ') || null,
  };
}

/** Looks one item up and decides its state and what it costs (only accurate matches cost). */
async function lookUp(providers: EnrichmentProvider[], item: repo.PendingItem, pricing: EnrichmentPricing): Promise<repo.ItemOutcome & { charges: repo.EnrichKind[] }> {
  const wantsEmail = item.kinds.includes('email');
  const wantsPhone = item.kinds.includes('phone');
  const result = await runWaterfall(providers, queryOf(item), { email: wantsEmail, phone: wantsPhone, personalEmails: pricing.arePersonalEmailsPriority });
  const charges: repo.EnrichKind[] = [];
  if (wantsEmail && result.emails.some((e) => isAccurateEmail(e.status))) charges.push('email');
  if (wantsPhone && result.phones.some((p) => isAccuratePhone(p.status))) charges.push('phone');
  const found = result.emails.length + result.phones.length > 0;
  // A miss is only "not found" (remembered 90 days) when a provider really looked; if every
  // provider that could have looked was unavailable, the item failed and may be tried again.
  const failed = !found && !result.looked && result.unavailable.length > 0;
  return {
    seq: item.seq,
    contactId: item.id,
    state: found ? 'found' : failed ? 'failed' : 'not_found',
    emails: result.emails,
    phones: result.phones,
    looked: failed ? [] : item.kinds,
    creditsCharged: charges.reduce((sum, k) => sum + kindCost(k, pricing), 0),
    charges,
    error: failed ? result.unavailable.join('; ') : null,
  };
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Processes a run's pending items batch by batch, until none is left ('done') or the deadline
 * passes ('more'). Each batch's contact updates, item states and
 * credit charges (keys `enrich:<run>:<seq>:<kind>`, drawn from the run's hold) commit together,
 * so a crash loses at most the batch in flight, which the retry redoes without charging twice.
 */
export async function processRun(
  db: Kysely<DB>,
  run: repo.RunRow,
  providers: EnrichmentProvider[],
  pricing: EnrichmentPricing,
  options: { onBatch?: (outcomes: repo.ItemOutcome[]) => Promise<void>; deadline?: number } = {},
): Promise<'done' | 'more'> {
  for (;;) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) return 'more';
    const items = await repo.pendingItems(db, run.id, ITEM_BATCH);
    if (items.length === 0) return 'done';
    const outcomes = await mapLimit(items, LOOKUP_CONCURRENCY, (item) => lookUp(providers, item, pricing));
    await db.transaction().execute(async (trx) => {
      const charges = outcomes.flatMap((o) => o.charges.map((kind) => ({ amount: kindCost(kind, pricing), idempotencyKey: `enrich:${run.id}:${o.seq}:${kind}` })));
      if (charges.length > 0) {
        if (!run.hold_id) throw new Error(`enrichment run ${run.id} has no credit hold`);
        await chargeHoldMany(trx, { teamId: run.team_id, holdId: run.hold_id, charges, action: `enrichment_${run.enrich_type}`, reason: 'accurate match' });
      }
      await repo.writeOutcomes(trx, run.id, outcomes);
      await repo.deleteClaims(trx, run.id, outcomes.map((o) => o.contactId));
    });
    await options.onBatch?.(outcomes);
  }
}

/** Ends a run: gives back what its hold has left (exactly once), records the final state, frees its claims. */
export async function finishRun(db: Kysely<DB>, run: repo.RunRow, state: 'completed' | 'failed') {
  if (run.hold_id) await releaseHold(db, { teamId: run.team_id, holdId: run.hold_id, reason: `enrichment ${state}` });
  await repo.finishRun(db, run.id, state);
  await repo.deleteClaims(db, run.id);
}

/**
 * Creates a run, claims what it will look up, and holds the most that can cost, in the caller's
 * transaction: a 409 (nothing left to claim) or a 402 (balance or member cap) rolls it all back.
 */
async function createRun(
  trx: Kysely<DB>,
  actor: Actor,
  v: { enrichType: EnrichType; source: string; listId: string | null; progressId: string | null; contacts: repo.EnrichableContact[]; pricing: EnrichmentPricing },
) {
  const runId = await repo.insertRun(trx, { teamId: actor.teamId, userId: actor.userId, enrichType: v.enrichType, source: v.source, listId: v.listId, progressId: v.progressId });
  const items = await claimItems(trx, actor.teamId, runId, v.contacts, v.enrichType);
  if (items.length === 0) throw new AppError('ALREADY_ENRICHED', ENRICHMENT_MESSAGES.alreadyEnriched);
  await repo.insertItems(trx, runId, items);
  const held = itemsCost(items, v.pricing);
  const hold = await holdCredits(trx, { teamId: actor.teamId, userId: actor.userId, action: `enrichment_${v.enrichType}`, amount: held, idempotencyKey: `enrich-hold:${runId}`, reason: `${v.source} enrichment` });
  await repo.setRunHold(trx, runId, hold.entry.id, held);
  return { runId, held, items };
}

/**
 * The one decision per (team, contact, channel) of whether a run looks it up: the run claims what
 * the 90-day rule leaves (`insertClaims`: one statement, so of two runs at once only one gets a
 * channel), then reads the contacts again. That read comes after the claim, so it sees the result
 * of any run that held the claim before and has written it; what is enriched by now is let go.
 */
async function claimItems(trx: Kysely<DB>, teamId: string, runId: string, contacts: repo.EnrichableContact[], enrichType: EnrichType) {
  const wanted = itemsFor(contacts, enrichType);
  await repo.deleteDeadClaims(trx, teamId, wanted.map((i) => i.contactId));
  const taken = await repo.insertClaims(trx, teamId, runId, wanted.flatMap((i) => i.kinds.map((channel) => ({ contactId: i.contactId, channel }))));
  const claimed = new Set(taken.map((c) => `${c.contactId}:${c.channel}`));
  const fresh = new Map((await findEnrichableContacts(trx, teamId, [...new Set(taken.map((c) => c.contactId))])).map((c) => [c.id, c]));
  const now = Date.now();
  const items = wanted.flatMap((item) => {
    const contact = fresh.get(item.contactId);
    if (!contact) return [];
    const kinds = kindsToEnrich(enrichType, channelsOf(contact), now).filter((k) => claimed.has(`${item.contactId}:${k}`));
    return kinds.length > 0 ? [{ contactId: item.contactId, kinds }] : [];
  });
  const kept = new Set(items.flatMap((i) => i.kinds.map((k) => `${i.contactId}:${k}`)));
  await repo.deleteClaimsOf(trx, runId, taken.filter((c) => !kept.has(`${c.contactId}:${c.channel}`)));
  return items;
}

/** The contacts still to enrich: enrichable ones with at least one kind left (90-day rule). */
export function itemsFor(contacts: repo.EnrichableContact[], enrichType: EnrichType) {
  const now = Date.now();
  return contacts
    .filter(enrichable)
    .map((c) => ({ contactId: c.id, kinds: kindsToEnrich(enrichType, channelsOf(c), now) }))
    .filter((item) => item.kinds.length > 0);
}

/** A single input's team contact: a search row's person becomes the team's copy once. */
async function contactIdOf(db: Kysely<DB>, actor: Actor, input: EnrichInput): Promise<string> {
  if ('customContactId' in input) return input.customContactId;
  const person = await repo.findPersonByIdText(db, input.contactId);
  if (!person) {
    // A team contact id sent as contactId is accepted too (list screens know only contact ids).
    const [own] = await findEnrichableContacts(db, actor.teamId, [input.contactId].filter(isUuid));
    if (own) return own.id;
    throw notFound('Prospect');
  }
  return (await createFromPeople(db, actor.teamId, [person.id])).get(person.id)!;
}

export function presentEnriched(c: repo.EnrichableContact, extra: { creditsCharged: number; sources: Array<{ field: string; provider: string }> }): EnrichedContact {
  return {
    contact: c.id,
    emails: c.emails as EnrichedContact['emails'],
    primaryEmail: c.primary_email,
    lastEmailEnrichment: c.last_email_enrichment?.toISOString() ?? null,
    phones: c.phones,
    primaryPhone: c.primary_phone,
    lastPhoneEnrichment: c.last_phone_enrichment?.toISOString() ?? null,
    ...extra,
  };
}

/**
 * `POST /api/v1/prospects-enrichment/single`: holds the most it can cost (402 before any vendor
 * is asked), runs the waterfall, charges accurate matches, gives back the rest.
 */
export async function enrichSingle(ctx: AppContext, actor: Actor, body: SingleEnrichBody, providers: EnrichmentProvider[]): Promise<EnrichedContact> {
  const pricing = await pricingOf(ctx.db, actor.userId);
  // One transaction up to the hold: a refusal (404, 400, 409, 402) leaves no contact copy behind.
  const { runId, contactId } = await ctx.db.transaction().execute(async (trx) => {
    const contactId = await contactIdOf(trx, actor, body.input);
    const [contact] = await findEnrichableContacts(trx, actor.teamId, [contactId]);
    if (!contact) throw notFound('Prospect');
    if (!enrichable(contact)) throw new AppError('VALIDATION_FAILED', ENRICHMENT_MESSAGES.cannotEnrich, { field: 'input' });
    const { runId } = await createRun(trx, actor, { enrichType: body.enrichType, source: 'single', listId: null, progressId: null, contacts: [contact], pricing });
    return { runId, contactId };
  });
  const run = (await repo.findRun(ctx.db, runId))!;
  let outcome: repo.ItemOutcome | undefined;
  try {
    await processRun(ctx.db, run, providers, pricing, { onBatch: async ([o]) => void (outcome = o) });
  } finally {
    await ctx.db.transaction().execute(async (trx) => {
      await finishRun(trx, run, outcome && outcome.state !== 'failed' ? 'completed' : 'failed');
      const creditsCharged = outcome?.creditsCharged ?? 0;
      if (creditsCharged > 0) await ctx.events.publish(trx, contactEnriched, { teamId: actor.teamId, contactId, runId, creditsCharged });
    });
  }
  if (outcome?.state === 'failed') throw new AppError('PROVIDER_UNAVAILABLE', ENRICHMENT_MESSAGES.enrichRowFailed);
  const [fresh] = await findEnrichableContacts(ctx.db, actor.teamId, [contactId]);
  return presentEnriched(fresh!, {
    creditsCharged: outcome?.creditsCharged ?? 0,
    sources: [...(outcome?.emails ?? []).map((e) => ({ field: `email:${e.email}`, provider: e.source })), ...(outcome?.phones ?? []).map((p) => ({ field: `phone:${p.phoneNumber}`, provider: p.source }))],
  });
}

/** Which bulk template a file follows, from its header row (case and spaces ignored); null for neither. */
export function templateOf(headers: string[]): keyof typeof ENRICH_TEMPLATES | null {
  const got = headers.map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const [name, template] of Object.entries(ENRICH_TEMPLATES) as Array<[keyof typeof ENRICH_TEMPLATES, (typeof ENRICH_TEMPLATES)[keyof typeof ENRICH_TEMPLATES]]>) {
    const want = template.headers.map((h) => h.toLowerCase());
    if (got.length === want.length && want.every((h, i) => got[i] === h)) return name;
  }
  return null;
}

/** A place as "city, state, country", "city, country" or "country". */
function splitLocation(location: string | null) {
  const parts = (location ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return { city: null, state: null, country: null };
  if (parts.length === 1) return { city: null, state: null, country: parts[0]! };
  return { city: parts[0]!, state: parts.length > 2 ? parts.slice(1, -1).join(', ') : null, country: parts.at(-1)! };
}

/** A bulk-enrich file takes at most this many rows (the Bulk Enrich cap). */
export const BULK_FILE_MAX_ROWS = BULK_ENRICH_MAX;

/**
 * The rows of a bulk-enrich file as new custom contacts, numbered by row under the run's id
 * (`importId`, created in the same transaction: a refused run stores none of them).
 */
async function contactsFromFile(trx: Kysely<DB>, actor: Actor, uploadId: string, importId: string): Promise<string[]> {
  const upload = await requireUpload(trx, actor.teamId, uploadId);
  const template = templateOf(upload.headers);
  if (!template) throw new AppError('VALIDATION_FAILED', ENRICHMENT_MESSAGES.templateMismatch, { field: 'inputsSource.attachedFileInfo' });
  if (upload.row_count === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty. Please upload a file with data!', { field: 'inputsSource.attachedFileInfo' });
  if (upload.row_count > BULK_FILE_MAX_ROWS) {
    throw new AppError('VALIDATION_FAILED', `A file for bulk enrichment can have at most ${BULK_FILE_MAX_ROWS.toLocaleString('en-US')} rows.`, { field: 'inputsSource.attachedFileInfo' });
  }
  const rows: Array<{ row: number; linkedinUrl: string | null; fullName: string | null; companyName: string | null; location: string | null }> = [];
  for await (const batch of readTableBatches(upload.path, upload.file_type, 5_000)) {
    batch.rows.forEach((cells, i) => {
      const cell = (n: number) => cells[n]?.trim() || null;
      const row = batch.firstRowNumber + i;
      if (template === 'linkedin') {
        const url = cell(0);
        if (url) rows.push({ row, linkedinUrl: shortLinkedInUrl(url), fullName: null, companyName: null, location: null });
      } else if (cell(0) && cell(1)) {
        rows.push({ row, linkedinUrl: null, fullName: cell(0), companyName: cell(1), location: cell(2) });
      }
    });
  }
  if (rows.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty. Please upload a file with data!', { field: 'inputsSource.attachedFileInfo' });
  return createFileContacts(
    trx,
    actor.teamId,
    importId,
    rows.map((r) => {
      const [first, ...rest] = (r.fullName ?? '').split(/\s+/);
      return { ...r, ...splitLocation(r.location), firstName: first || null, lastName: rest.join(' ') || null };
    }),
  );
}

/** The team contacts a bulk enrichment's source names, in order. */
async function contactIdsOf(trx: Kysely<DB>, actor: Actor, body: BulkEnrichBody, importId: string): Promise<string[]> {
  const source = body.inputsSource;
  switch (source.type) {
    case 'inputs': {
      const personIds = body.inputs.flatMap((i) => ('contactId' in i ? [i.contactId] : []));
      const people = await createFromPeople(trx, actor.teamId, personIds.filter(isUuid));
      return body.inputs.flatMap((i) => ('customContactId' in i ? [i.customContactId] : people.has(i.contactId) ? [people.get(i.contactId)!] : isUuid(i.contactId) ? [i.contactId] : []));
    }
    case 'searchFilters': {
      const filters = normalizeFilters(source.searchFilters);
      // The people of a search join the team's contacts whatever enrichment finds: a search run.
      await meterSearchRun(trx, actor, filters);
      const conditions = await peopleSearchConditions(trx, filters);
      const people = (await pagePeople(trx, conditions, { after: null, limit: source.limit })).slice(0, source.limit).map((p) => p.id);
      const contacts = await createFromPeople(trx, actor.teamId, people);
      return people.map((id) => contacts.get(id)!);
    }
    case 'list': {
      const list = await lists.requireList(trx, actor, source.targetListId, 'contactList');
      const page = await lists.pageListContacts(trx, list.id, { pageNum: 1, limit: source.limit, sortBy: 'addedAt', sortOrder: 'desc', name: source.targetListState.name });
      return page.rows.map((c) => c.id);
    }
    case 'file':
      return contactsFromFile(trx, actor, source.attachedFileInfo._id, importId);
  }
}

/**
 * `POST /api/v1/prospects-enrichment/bulk`: resolves the source to team contacts, puts them in
 * the chosen or new list (marked as being populated), holds the most the job can cost and
 * enqueues it, all in one transaction: a 402 or 409 changes nothing.
 */
export async function startBulkEnrichment(ctx: AppContext, actor: Actor, body: BulkEnrichBody) {
  const pricing = await pricingOf(ctx.db, actor.userId);
  return ctx.db.transaction().execute(async (trx) => {
    const progress = await ProgressTracker.create(trx, { teamId: actor.teamId, userId: actor.userId, kind: 'enrichment.bulk' });
    const ids = [...new Set(await contactIdsOf(trx, actor, body, progress.id))];
    const contacts = await findEnrichableContacts(trx, actor.teamId, ids);
    if (contacts.length === 0) throw notFound('Prospect');
    if (!contacts.some(enrichable)) throw new AppError('VALIDATION_FAILED', ENRICHMENT_MESSAGES.cannotEnrich, { field: 'inputs' });
    const order = new Map(ids.map((id, i) => [id, i]));
    contacts.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    // Nothing to look up: answer 409 before a list is made (createRun decides again, under claims).
    if (itemsFor(contacts, body.enrichType).length === 0) throw new AppError('ALREADY_ENRICHED', ENRICHMENT_MESSAGES.alreadyEnriched);

    const list = body.existingListId
      ? await lists.requireList(trx, actor, body.existingListId, 'contactList')
      : await lists.insertList(trx, { teamId: actor.teamId, name: body.newListTitle!, entityType: 'contactList', createdBy: actor.userId, processing: true });
    await lists.addContactsToList(trx, actor.teamId, list.id, contacts.map((c) => c.id), body.inputsSource.type === 'list' ? 'lists' : 'search');
    await lists.setListStatus(trx, list.id, 'processing');
    const { runId, held, items } = await createRun(trx, actor, { enrichType: body.enrichType, source: body.inputsSource.type, listId: list.id, progressId: progress.id, contacts, pricing });
    await progress.start(items.length);
    await ctx.queue.send(bulkEnrichment, { runId }, { trx });
    return { jobId: progress.id, listId: list.id, prospects: items.length, creditsHeld: held };
  });
}

/** Which credit charge bought this email address of a contact (its latest enrichment that found it), if credits bought it. */
export async function findEmailCharge(db: Kysely<DB>, teamId: string, contactId: string, email: string): Promise<{ chargeId: string; amount: number; chargedAt: Date } | undefined> {
  const row = await repo.findEmailCharge(db, teamId, contactId, email);
  return row ? { chargeId: row.id, amount: Number(row.amount), chargedAt: row.created_at } : undefined;
}
