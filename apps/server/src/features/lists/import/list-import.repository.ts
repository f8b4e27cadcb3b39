import { PROSPECT_FILE_HEADERS, type ProspectFileHeader } from '@leadline/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { copyRows } from '../../../db/copy.js';
import type { DB } from '../../../db/schema.js';
import { applyDelta } from '../lists.repository.js';
import { PROSPECT_COLUMNS } from '../prospect-columns.js';

/** The transaction's commit does not wait for the disk (a batch lost to a crash is written again by the retry). */
export async function commitWithoutWaitingForDisk(trx: Kysely<DB>) {
  await sql`set local synchronous_commit = off`.execute(trx);
}

/**
 * The staging table an import batch is copied into before one set-based insert moves it into
 * `contacts` and the list. A temporary table of the connection, emptied at every commit, so
 * concurrent batches (each on its own connection) never see each other's rows.
 */
export const IMPORT_STAGING_COLUMNS = [
  'id', 'row_no', 'full_name', 'first_name', 'last_name',
  ...PROSPECT_FILE_HEADERS.slice(1).map((header) => PROSPECT_COLUMNS[header].staging),
  'linkedin_key',
];

/** Copies one batch (COPY text rows in IMPORT_STAGING_COLUMNS order) into the staging table; call in the batch's transaction. */
export async function stageImportRows(trx: Kysely<DB>, text: string) {
  await sql`
    create temp table if not exists import_rows (
      id uuid not null, row_no int not null, full_name text not null, first_name text, last_name text, job_title text, level text,
      department text, company text, email text, phone text, domain text, country text, city text, linkedin text, linkedin_key text
    ) on commit delete rows`.execute(trx);
  await copyRows(trx, 'import_rows', IMPORT_STAGING_COLUMNS, text);
}

/** The staged batch as insertImportBatch's input: as written, or with blanks filled from the people database. */
export const stagedInput = (fill: boolean) => (fill ? filledInput : rawInput);

/**
 * The rows with their blank fields filled from the matching person of the people database (by
 * LinkedIn URL, else by full name and company). Emails and phones never come from there: they
 * are what enrichment sells.
 */
const filledInput = sql`
  select i.id, i.row_no, i.full_name, i.first_name, i.last_name, i.email, i.phone,
    coalesce(i.job_title, p.job_title) as job_title,
    coalesce(i.level, p.job_title_levels[1]) as level,
    coalesce(i.department, p.job_title_role) as department,
    coalesce(i.company, initcap(p.job_company_name)) as company,
    coalesce(i.domain, p.job_company_website) as domain,
    coalesce(i.country, initcap(p.location_country)) as country,
    coalesce(i.city, initcap(p.location_locality)) as city,
    coalesce(i.linkedin, p.linkedin_url) as linkedin,
    p.job_company_industry as industry
  from import_rows i
  left join lateral (
    select * from people where i.linkedin_key is not null and people.linkedin_url = i.linkedin_key
    union all
    select * from people where i.company is not null and people.full_name = lower(i.full_name) and people.job_company_name = lower(i.company)
    limit 1
  ) p on true`;

const rawInput = sql`
  select id, row_no, full_name, first_name, last_name, email, phone, job_title, level, department, company, domain, country, city, linkedin,
    null::text as industry
  from import_rows`;

/** What JavaScript's trim() and \s take for white space (WhiteSpace and LineTerminator). */
const JS_WHITESPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const UP_TO_WHITESPACE = `^[^${JS_WHITESPACE}]*`;

/**
 * A raw CSV piece of `width` fields per record, staged for parsing by COPY itself (FORMAT csv):
 * a temporary table per width, `n` numbering the records in the order COPY read them.
 */
export async function stageCsvPiece(trx: Kysely<DB>, piece: { width: number; delimiter: string; bytes: Buffer }) {
  const table = csvTable(piece.width);
  const columns = Array.from({ length: piece.width }, (_, i) => cellColumn(i));
  const cells = columns.map((c) => sql`${sql.id(c)} text`);
  await sql`create temp table if not exists ${sql.table(table)} (n bigint generated always as identity, ${sql.join(cells)}) on commit delete rows`.execute(trx);
  await copyRows(trx, table, columns, piece.bytes, `with (format csv, delimiter ${copyDelimiter(piece.delimiter)})`);
}

const csvTable = (width: number) => `import_csv_${width}`;
const cellColumn = (index: number) => `c${index + 1}`;

/**
 * A one-character delimiter as a COPY option literal (COPY takes no bind parameters): written
 * as a hexadecimal escape, so no character of the file ever reaches the statement's text.
 */
export function copyDelimiter(delimiter: string) {
  const code = delimiter.charCodeAt(0);
  if (delimiter.length !== 1 || code > 0x7f) throw new Error('copyDelimiter: one ASCII character expected');
  return `E'\\x${code.toString(16).padStart(2, '0')}'`;
}

/**
 * A staged CSV piece as insertImportBatch's input, computed as toImportRows does in JavaScript:
 * formula escapes undone, then trimmed (JavaScript's white space), blank as null; the first and
 * last name split at the first white space; rows numbered from `firstRow` in file order.
 * `columns` are the 0-based fields of the accepted headers (-1 when absent).
 *
 * Ids are version-7 uuids whose random part ends in a counter (RFC 9562, method 1): `idPrefix`
 * is a fresh v7 id's first 28 characters (time, version, 42 random bits), the last 8 hex digits
 * number the rows of the piece. Trimming JavaScript's white space is a btrim over 24 characters,
 * slow on every cell (1.4 µs); a row whose cells are all printable ASCII (one regular expression
 * per row, 2 µs) can hold no white space but spaces, so trimming spaces is enough there. A `tidy`
 * piece (csv-copy.ts: no cell starts or ends with possible white space or starts with an
 * apostrophe) needs neither: its cells are only made null when blank, and only the name is
 * looked at, to split it.
 */
export function csvInput(width: number, columns: Record<ProspectFileHeader, number>, firstRow: number, idPrefix: string, tidy = false) {
  const table = sql.table(csvTable(width));
  const fields = PROSPECT_FILE_HEADERS;
  const names = fields.map((field) => PROSPECT_COLUMNS[field].staging);
  const spaceTrimmed = fields.map((field, i) => {
    const index = columns[field] ?? -1;
    if (index < 0) return sql`null::text as ${sql.ref(names[i]!)}`;
    const c = sql.ref(cellColumn(index));
    if (tidy) return sql`${c} as ${sql.ref(names[i]!)}`;
    return sql`btrim(case when left(${c}, 1) = '''' and ${c} ~ '^''+[=+\\-@\\t\\r]' then substr(${c}, 2) else ${c} end) as ${sql.ref(names[i]!)}`;
  });
  const raw = fields.map((field) => columns[field] ?? -1).filter((index) => index >= 0).map((index) => sql.ref(cellColumn(index)));
  const nameColumn = columns['Full Name'] ?? -1;
  // In a tidy piece only the name's inside can hold white space other than spaces.
  const plain = !tidy
    ? sql`concat_ws('', ${sql.join(raw)}) !~ '[^ -~]'`
    : nameColumn < 0 ? sql`true` : sql`coalesce(${sql.ref(cellColumn(nameColumn))}, '') !~ '[^ -~]'`;
  const jsTrim = (x: RawBuilder<unknown>) => sql`case when plain then nullif(${x}, '') else nullif(btrim(${x}, ${JS_WHITESPACE}), '') end`;
  const blankAsNull = (x: RawBuilder<unknown>) => (tidy ? sql`nullif(${x}, '')` : jsTrim(x));
  const cleaned = names.map((name) => (name === 'full_name' ? sql`coalesce(${blankAsNull(sql.ref(name))}, '') as full_name` : sql`${blankAsNull(sql.ref(name))} as ${sql.ref(name)}`));
  return sql`
    select (${idPrefix} || lpad(to_hex(n - first_n), 8, '0'))::uuid as id, ${firstRow}::int + (n - first_n)::int as row_no,
      full_name, nullif(first_name, '') as first_name, ${jsTrim(sql.ref('rest'))} as last_name,
      email, phone, job_title, level, department, company, domain, country, city, linkedin, null::text as industry
    from (
      select n, first_n, plain, ${sql.join(cleaned)}
      from (
        select n, (select min(n) from ${table}) as first_n, ${plain} as plain, ${sql.join(spaceTrimmed)}
        from ${table} offset 0
      ) spaced
      offset 0
    ) t
    cross join lateral (select substring(full_name from ${UP_TO_WHITESPACE}) as first_name) f
    cross join lateral (select btrim(substr(full_name, length(f.first_name) + 1)) as rest) r`;
}

/**
 * Claims batch [firstRow, lastRow] of an import in the batch's transaction, before it writes
 * anything: false when it is already stored (an earlier attempt), or was stored meanwhile by
 * a duplicate delivery of the same job (the key waits for that transaction, then finds it).
 */
export async function claimImportBatch(trx: Kysely<DB>, importId: string, firstRow: number, lastRow: number) {
  const { rows } = await sql<{ first_row: number }>`
    insert into import_batches (import_id, first_row, last_row) values (${importId}, ${firstRow}, ${lastRow})
    on conflict do nothing
    returning first_row`.execute(trx);
  return rows.length > 0;
}

/** The first rows of the batches an import has stored: a retry skips those batches. */
export async function importedBatches(db: Kysely<DB>, importId: string) {
  const rows = await db.selectFrom('import_batches').select('first_row').where('import_id', '=', importId).execute();
  return new Set(rows.map((r) => r.first_row));
}

/** How many rows an import has stored. */
export async function countImported(db: Kysely<DB>, importId: string) {
  const row = await db
    .selectFrom('import_batches')
    .select(sql<string>`coalesce(sum(last_row - first_row + 1), 0)`.as('n'))
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves the staged batch into `contacts` as custom contacts and adds them to the list, in one
 * statement of the batch's transaction (after claimImportBatch): a batch lands whole or not at
 * all. Every row of the batch becomes a contact, numbered by its row (`source_row`). With
 * `fill`, blank fields come from the people database. Uploaded emails have status 'unverified'
 * (not a professional email until a verification proves it) and phones 'other', so the list's count deltas follow from the
 * columns themselves; new contacts are new to every list, so all of them are added. The
 * one-element arrays are made with jsonb_set on a constant, cheaper than building them
 * (about 9% of the statement's time).
 */
export async function insertImportBatch(
  trx: Kysely<DB>,
  v: { teamId: string; listId: string; importId: string; input: RawBuilder<unknown> },
) {
  const { rows } = await sql<{ n: number }>`
    with ins as (
      insert into contacts (id, team_id, is_custom, source_import_id, source_row, full_name, first_name, last_name, job_title, level,
        department, company_name, company_domain, linkedin_url, industry, city, country, emails, primary_email, phones, primary_phone)
      select id, ${v.teamId}, true, ${v.importId}, row_no, full_name, first_name, last_name, job_title, level, department, company, domain,
        linkedin, industry, city, country,
        case when email is null then '[]'::jsonb else jsonb_set('[{"email": "", "status": "unverified"}]', '{0,email}', to_jsonb(email)) end, email,
        case when phone is null then '[]'::jsonb else jsonb_set('[{"phoneNumber": "", "status": "other"}]', '{0,phoneNumber}', to_jsonb(phone)) end, phone
      from (${v.input}) f
      returning id, primary_email, linkedin_url
    ), added as (
      insert into list_contacts (list_id, contact_id, page_context) select ${v.listId}, id, 'lists' from ins
    ), delta as (
      select count(*)::int as n, 0 as personal, 0 as professional,
        (count(*) filter (where coalesce(linkedin_url, '') <> ''))::int as linkedin, 0 as phone
      from ins
    ), _ as (${applyDelta(v.listId, 1)})
    select n from delta`.execute(trx);
  return rows[0]?.n ?? 0;
}
