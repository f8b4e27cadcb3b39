import { PROSPECT_FILE_HEADERS } from '@leadline/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { canCopyOut, CopyOut } from '../../db/copy.js';
import type { DB } from '../../db/schema.js';
import { createCsvStream, CrlfRecords, encodeCsvRow } from '../../lib/files/index.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './lists.repository.js';
import { requireList } from './lists.service.js';

const BATCH = 5_000;

/** Downloads write the upload's headers first (so a download re-imports as it is), then the rest. */
export const CONTACT_EXPORT_HEADERS = [...PROSPECT_FILE_HEADERS, 'First Name', 'Last Name', 'State', 'Industry', 'Other Emails', 'Other Phones'];
const COMPANY_EXPORT_HEADERS = ['Company Names', 'Domain', 'Industry', 'Headquarters Country', 'Employees', 'Revenue From (USD)', 'Revenue To (USD)'];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function contactCells(c: repo.ExportContact): string[] {
  return [
    text(c.full_name), text(c.job_title), text(c.level), text(c.department), text(c.company_name), text(c.primary_email),
    text(c.primary_phone), text(c.company_domain), text(c.country), text(c.city), text(c.linkedin_url),
    text(c.first_name), text(c.last_name), text(c.state), text(c.industry), text(c.other_emails), text(c.other_phones),
  ];
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
    yield rows.map(contactCells);
  }
}

async function* companyBatches(db: Kysely<DB>, listId: string) {
  let after: string | null = null;
  for (;;) {
    const rows = await repo.listCompaniesAfter(db, listId, after, BATCH);
    if (rows.length === 0) return;
    yield rows.map((c) => [c.name, text(c.domain), text(c.industry), text(c.headquarters_country), text(c.employee_count), text(c.revenue_lower_usd), text(c.revenue_upper_usd)]);
    after = rows.at(-1)!.id;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text expression as a CSV cell: formula-escaped as escapeFormulaCell does, blank as null (an empty unquoted cell). */
const csvCell = (expr: string) =>
  `nullif(case when left(${expr}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') or (left(${expr}, 1) = '''' and ${expr} ~ '^''+[=+\\-@\\t\\r]')` +
  ` then '''' || ${expr} else ${expr} end, '')`;

/** The download's columns (CONTACT_EXPORT_HEADERS order) over the relation `x` of repo.exportColumns. */
const CONTACT_CSV_COLUMNS = [
  'full_name', 'job_title', 'level', 'department', 'company_name', 'primary_email', 'primary_phone', 'company_domain', 'country', 'city',
  'linkedin_url', 'first_name', 'last_name', 'state', 'industry', 'other_emails', 'other_phones',
].map((column) => csvCell(`x.${column}`));

/**
 * On PostgreSQL a people list leaves the database as CSV text: COPY writes the cells (formula
 * escaping in SQL, quoting by COPY), this process only turns record ends into CRLF. The header
 * goes out before the query starts. COPY takes no parameters: the list id, a uuid the database
 * gave us, is checked and written in.
 */
function copyContactsCsv(db: Kysely<DB>, listId: string): Readable {
  if (!UUID.test(listId)) throw new Error('copyContactsCsv: not a uuid');
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  out.write(`\uFEFF${encodeCsvRow(CONTACT_EXPORT_HEADERS)}`);
  const query = `copy (
      select ${CONTACT_CSV_COLUMNS.join(', ')}
      from (${repo.listContactsExportSql(listId)} offset 0) x
    ) to stdout with (format csv)`;
  const consume = new CopyOut((source) => pipeline(source, new CrlfRecords(), out));
  db.executeQuery(CompiledQuery.raw(query, [consume])).catch((error: Error) => out.destroy(error));
  return out;
}

/** `GET /api/v1/lists/download/{listId}`: the whole list as a streamed CSV. */
export async function downloadList(db: Kysely<DB>, actor: Actor, listId: string): Promise<{ fileName: string; body: Readable }> {
  const list = await requireList(db, actor, listId);
  const body =
    list.entity_type === 'companyList'
      ? createCsvStream(COMPANY_EXPORT_HEADERS, companyBatches(db, listId))
      : canCopyOut(db)
        ? copyContactsCsv(db, list.id)
        : createCsvStream(CONTACT_EXPORT_HEADERS, contactBatches(db, listId));
  return { fileName: csvFileName(list.name), body };
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
