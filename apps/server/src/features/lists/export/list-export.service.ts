import { displayCase } from '@leadline/shared';
import type { Kysely } from 'kysely';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { canCopyOut, CopyOut } from '../../../db/copy.js';
import type { DB } from '../../../db/schema.js';
import { createCsvStream, encodeCsvRow } from '../../../lib/files/index.js';
import type { Actor } from '../../../lib/actor.js';
import { listExtraColumns, type ExtraColumnSource, type ListExtraColumns } from '../extra-columns.js';
import { requireList } from '../lists.service.js';
import { listCompaniesAfter } from '../companies/company-lists.repository.js';
import { DisplayCaseRecords } from './display-records.js';
import * as repo from './list-export.repository.js';

const BATCH = 5_000;

export const CONTACT_EXPORT_HEADERS = repo.CONTACT_EXPORT_COLUMNS.map(([header]) => header);
const COMPANY_EXPORT_HEADERS = ['Company Names', 'Domain', 'Industry', 'Headquarters Country', 'Employees', 'Revenue From (USD)', 'Revenue To (USD)'];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** Names, titles, companies, places and industries leave as the screens show them (displayCase). */
const shown = (v: string | null | undefined) => displayCase(v);
const DISPLAYED_COLUMNS = new Set<string>(['full_name', 'job_title', 'company_name', 'country', 'city', 'first_name', 'last_name', 'state', 'industry']);
/** Where those are among the download's columns (CONTACT_EXPORT_COLUMNS' order). */
const DISPLAYED_CONTACT_CELLS = repo.CONTACT_EXPORT_COLUMNS.flatMap(([, column], i) => (DISPLAYED_COLUMNS.has(column) ? [i] : []));

export function contactCells(c: repo.ExportContact): string[] {
  return repo.CONTACT_EXPORT_COLUMNS.map(([, column], i) => (DISPLAYED_CONTACT_CELLS.includes(i) ? shown(c[column] as string | null) : text(c[column])));
}

/** A file name a browser will accept: the list name without path or control characters. */
export const csvFileName = (name: string) => `${name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim().slice(0, 100) || 'list'}.csv`;

/** The list's contacts a batch at a time; the next batch is read while this one is written out. */
async function* contactBatches(db: Kysely<DB>, listId: string) {
  let next = repo.listContactsAfter(db, listId, null, BATCH);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = repo.listContactsAfter(db, listId, rows.at(-1)!.id, BATCH);
    next.catch(() => {}); // awaited on the next turn; a download stopped midway just drops it
    yield rows;
  }
}

async function* idsAndCells(batches: AsyncIterable<repo.ExportContact[]>) {
  for await (const rows of batches) yield { ids: rows.map((r) => r.id), cells: rows.map(contactCells) };
}

async function* contactCellBatches(db: Kysely<DB>, listId: string) {
  for await (const rows of contactBatches(db, listId)) yield rows.map(contactCells);
}

/** As contactBatches, each row followed by the list's extra columns (a research agent's answers). */
async function* contactBatchesWith(db: Kysely<DB>, listId: string, extra: ListExtraColumns) {
  for await (const { ids, cells } of idsAndCells(contactBatches(db, listId))) {
    const byContact = await extra.cellsOf(ids);
    yield cells.map((row, i) => [...row, ...extra.columns.map((c) => byContact.get(ids[i]!)?.[c.key] ?? '')]);
  }
}

async function* companyBatches(db: Kysely<DB>, listId: string) {
  let after: string | null = null;
  for (;;) {
    const rows = await listCompaniesAfter(db, listId, after, BATCH);
    if (rows.length === 0) return;
    yield rows.map((c) => [shown(c.name), text(c.domain), shown(c.industry), shown(c.headquarters_country), text(c.employee_count), text(c.revenue_lower_usd), text(c.revenue_upper_usd)]);
    after = rows.at(-1)!.id;
  }
}

/**
 * On PostgreSQL a people list leaves the database as CSV text written by COPY (formula
 * escaping in SQL, quoting by COPY); this process applies the display rule to the displayed
 * columns and writes each record again as the encoder does (DisplayCaseRecords). The header goes
 * out before the query starts.
 */
function copyContactsCsv(db: Kysely<DB>, listId: string): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  out.write(`\uFEFF${encodeCsvRow(CONTACT_EXPORT_HEADERS)}`);
  const consume = new CopyOut((source) => pipeline(source, new DisplayCaseRecords(DISPLAYED_CONTACT_CELLS), out));
  repo.copyListContactsCsv(db, listId, consume).catch((error: Error) => out.destroy(error));
  return out;
}

/**
 * `GET /api/v1/lists/download/{listId}`: the whole list as a streamed CSV, a contact list's
 * extra columns (research agents' answers, headed by the agent's name) after the usual ones.
 * COPY writes only the usual columns, so a list with extra columns takes the batched path.
 */
export async function downloadList(db: Kysely<DB>, actor: Actor, listId: string, columnSources: readonly ExtraColumnSource[] = []): Promise<{ fileName: string; body: Readable }> {
  const list = await requireList(db, actor, listId);
  const fileName = csvFileName(list.name);
  if (list.entity_type === 'companyList') return { fileName, body: createCsvStream(COMPANY_EXPORT_HEADERS, companyBatches(db, listId)) };
  const extra = await listExtraColumns(db, columnSources, list);
  if (extra.columns.length > 0) {
    return { fileName, body: createCsvStream([...CONTACT_EXPORT_HEADERS, ...extra.columns.map((c) => c.title)], contactBatchesWith(db, listId, extra)) };
  }
  return { fileName, body: canCopyOut(db) ? copyContactsCsv(db, list.id) : createCsvStream(CONTACT_EXPORT_HEADERS, contactCellBatches(db, listId)) };
}

/** `POST /api/v1/contacts/download`: chosen contacts of the team as CSV. */
export async function downloadContacts(db: Kysely<DB>, actor: Actor, body: { listName: string; contacts: string[]; customContacts: string[] }) {
  const ids = [...new Set([...body.contacts, ...body.customContacts])];
  async function* batches() {
    for (let i = 0; i < ids.length; i += BATCH) {
      const rows = await repo.findExportContacts(db, actor.teamId, ids.slice(i, i + BATCH));
      yield rows.map(contactCells);
    }
  }
  return { fileName: csvFileName(body.listName), body: createCsvStream(CONTACT_EXPORT_HEADERS, batches()) };
}
