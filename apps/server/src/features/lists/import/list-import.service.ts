import {
  AppError,
  FILE_MESSAGES,
  type UploadToListBody,
  mapProspectHeaders,
  PROSPECT_FILE_HEADERS,
  type ProspectFileHeader,
  prospectFileProblem,
  shortLinkedInUrl,
} from '@leadline/shared';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { Upload } from '../../../db/schema-lists.js';
import { copyText, copyValue } from '../../../db/copy.js';
import { readTableBatches, unescapeFormulaCell } from '../../../lib/files/index.js';
import { csvPieces, readCsvDialect } from '../../../lib/files/csv-copy.js';
import { uuidV7 } from '../../../lib/uuid-v7.js';
import type { AppContext } from '../../../lib/context.js';
import type { Actor } from '../../../lib/actor.js';
import { requireUpload } from '../../files/index.js';
import { ProgressTracker } from '../../progress/index.js';
import { listImportFinished } from '../lists.events.js';
import { importProspectFile } from '../lists.jobs.js';
import * as lists from '../lists.repository.js';
import * as repo from './list-import.repository.js';

/**
 * Rows per batch of a new import. Fixed in the job's payload when it is enqueued, so every
 * attempt cuts the same batches (imports enqueued before that was recorded cut
 * LEGACY_BATCH_ROWS). Measured on 4M rows on PostgreSQL: 40.5 s with 10,000 against 47–50 s
 * with 5,000 (each statement's fixed costs: the claim, COPY, planning, the reference checks,
 * the commit and the staging table's truncation).
 */
export const BATCH_ROWS = 10_000;
export const LEGACY_BATCH_ROWS = 5_000;
/**
 * Batches written at the same time. Two keep both cores of a small machine on the database's
 * work; a third is ready the moment one commits, so no core waits while this process cuts the
 * next piece.
 */
export const IN_FLIGHT = 3;


/**
 * The three file checks of spec §5 (`prospectFileProblem`, also shown by the upload dialog's
 * step 1), answered from the summary the upload computed while it streamed the file, so nothing
 * is read twice and nothing is written when one fails.
 */
export function validateProspectFile(upload: Pick<Upload, 'headers' | 'row_count' | 'blank_counts'>) {
  const problem = prospectFileProblem({ headers: upload.headers, rowCount: upload.row_count, blankCounts: upload.blank_counts });
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { field: 'attachedFileInfo' });
}

/** A cell as stored: formula escaping undone, surrounding spaces dropped, blank as null. */
const cellValue = (raw: string | undefined) => {
  const value = unescapeFormulaCell(raw ?? '').trim();
  return value === '' ? null : value;
};

/**
 * One parsed batch of file rows as COPY text rows of the staging table (IMPORT_STAGING_COLUMNS:
 * a new time-ordered contact id, the row's number, then its fields). A row with a NUL character
 * in an imported cell (no database text can hold one) is left out and its number put in `skipped`.
 */
export function toImportRows(rows: string[][], firstRowNumber: number, columns: Record<ProspectFileHeader, number>, skipped: number[] = []): string {
  // The staging columns after the name follow PROSPECT_FILE_HEADERS.
  const [name, ...others] = PROSPECT_FILE_HEADERS.map((header) => columns[header]);
  const linkedin = columns['LinkedIn URL'];
  const cell = (row: string[], index: number) => (index < 0 ? null : cellValue(row[index]));
  const now = Date.now();
  const imported = Object.values(columns).filter((index) => index >= 0);
  let text = '';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (imported.some((index) => row[index]?.includes('\u0000'))) {
      skipped.push(firstRowNumber + i);
      continue;
    }
    const fullName = cell(row, name!) ?? '';
    const space = fullName.search(/\s/);
    const url = cell(row, linkedin);
    text +=
      `${uuidV7(now)}\t${firstRowNumber + i}\t${copyText(fullName)}\t${copyValue(space < 0 ? fullName || null : fullName.slice(0, space))}` +
      `\t${copyValue(space < 0 ? null : fullName.slice(space).trim() || null)}`;
    for (const index of others) text += `\t${copyValue(cell(row, index))}`;
    text += `\t${copyValue(url ? shortLinkedInUrl(url) : null)}\n`;
  }
  return text;
}

type ImportPayload = { progressId: string; teamId: string; uploadId: string; listId: string; useRawFileData: boolean; batchRows?: number };

/**
 * Up to IN_FLIGHT batch transactions at once (on PostgreSQL each on its own connection, so the
 * cores work on them together); batch k+IN_FLIGHT starts only after batch k committed, and
 * progress follows the committed batches.
 */
class BatchWriter {
  readonly #inFlight: Array<Promise<number>> = [];
  reported = 0;
  constructor(private readonly ctx: AppContext, private readonly progress: ProgressTracker) {}

  async add(lastRow: number, write: (trx: Kysely<DB>) => Promise<unknown>) {
    if (this.#inFlight.length >= IN_FLIGHT) {
      this.reported = Math.max(this.reported, await this.#inFlight.shift()!);
      await this.progress.advance(this.reported);
    }
    const done = this.ctx.db
      .transaction()
      .execute(async (trx) => {
        // A batch lost to a crash after its commit is written again by the retry (it resumes from
        // what is stored), so its commit need not wait for the disk.
        await repo.commitWithoutWaitingForDisk(trx);
        await write(trx);
      })
      .then(() => lastRow);
    done.catch(() => {}); // awaited by a later add or by drain; this only marks it handled meanwhile
    this.#inFlight.push(done);
  }

  /** Waits for every write; the first failure is thrown once none is running any more. */
  async drain() {
    const results = await Promise.allSettled(this.#inFlight.splice(0));
    for (const r of results) if (r.status === 'fulfilled') this.reported = Math.max(this.reported, r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    await this.progress.advance(this.reported);
  }
}

/** A PostgreSQL data exception (class 22): COPY refused the piece's bytes. */
const isDataException = (error: unknown) => typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('22');

/**
 * The fast path for a regular CSV imported as written: the file's bytes go to COPY (FORMAT csv)
 * in pieces of `batchRows` records, and one insert per piece parses, cleans and numbers the cells
 * in SQL exactly as toImportRows does. `complete` is false when the file turns out not to be
 * regular (see csv-copy.ts) or COPY refuses a piece: the pieces before it are stored, and the
 * caller reads the rest with PapaParse. `copiedRows`: the last row handed to COPY. Pieces
 * number their records as PapaParse does its rows, so both paths cut the same batches.
 */
async function copyCsvIntoList(ctx: AppContext, upload: Upload, target: ImportTarget, writer: BatchWriter, stored: Set<number>, batchRows: number) {
  let copiedRows = 0;
  const head = await readCsvDialect(upload.path);
  const columns = mapProspectHeaders(upload.headers);
  try {
    for await (const piece of csvPieces(upload.path, batchRows, head)) {
      if (piece === 'irregular') {
        await writer.drain();
        return { complete: false, copiedRows };
      }
      const lastRow = piece.firstRecord + piece.records - 1;
      if (stored.has(piece.firstRecord)) continue;
      const input = repo.csvInput(piece.width, columns, piece.firstRecord, uuidV7().slice(0, 28), piece.tidy);
      await addBatch(writer, target, piece.firstRecord, lastRow, input, (trx) =>
        repo.stageCsvPiece(trx, { width: piece.width, delimiter: head.dialect.delimiter, bytes: piece.bytes }),
      );
      copiedRows = lastRow;
    }
    await writer.drain();
    return { complete: true, copiedRows };
  } catch (error) {
    await writer.drain().catch(() => {});
    if (isDataException(error)) return { complete: false, copiedRows: 0 };
    throw error;
  }
}

type ImportTarget = { teamId: string; listId: string; importId: string };

/** One batch's transaction: claim rows [firstRow, lastRow] (skip them if stored), stage them, move them into the list. */
function addBatch(writer: BatchWriter, target: ImportTarget, firstRow: number, lastRow: number, input: RawBuilder<unknown>, stage: (trx: Kysely<DB>) => Promise<void>) {
  return writer.add(lastRow, async (trx) => {
    if (!(await repo.claimImportBatch(trx, target.importId, firstRow, lastRow))) return;
    await stage(trx);
    await repo.insertImportBatch(trx, { ...target, input });
  });
}

/**
 * Streams the file into the list in batches of `payload.batchRows` rows (BATCH_ROWS if
 * absent). Each batch claims its rows in `import_batches`, is copied into a staging table and moved into `contacts` and the list by
 * one set-based insert, in a transaction of its own. A regular CSV imported as written goes to
 * the database as bytes and is parsed there (copyCsvIntoList); anything else (Excel, filling
 * from the people database, or from where a CSV stops being regular) is parsed here with
 * PapaParse and copied as rows.
 *
 * After a crash or restart the retry skips the batches the database already has, and the
 * claim turns any other overlap (a duplicate delivery running beside it) into a skipped batch,
 * so no contact is ever inserted twice. Batches are cut at the same rows by every attempt, as
 * the batch size travels in the job's payload.
 */
export async function importFileIntoList(ctx: AppContext, payload: ImportPayload, progress: ProgressTracker, options: { copyCsv?: boolean } = {}) {
  const upload = await requireUpload(ctx.db, payload.teamId, payload.uploadId);
  const columns = mapProspectHeaders(upload.headers);
  const target: ImportTarget = { teamId: payload.teamId, listId: payload.listId, importId: payload.progressId };
  const fill = !payload.useRawFileData;
  const batchRows = payload.batchRows ?? BATCH_ROWS;
  await progress.start(upload.row_count);
  const writer = new BatchWriter(ctx, progress);
  let stored = await repo.importedBatches(ctx.db, payload.progressId);
  if (stored.size > 0) {
    // A resumed import: its progress starts from what the interrupted attempts stored, not from 0.
    writer.reported = await repo.countImported(ctx.db, payload.progressId);
    await progress.advance(writer.reported);
  }

  const copy =
    (options.copyCsv ?? true) && upload.file_type === 'csv' && !fill
      ? await copyCsvIntoList(ctx, upload, target, writer, stored, batchRows)
      : { complete: false, copiedRows: 0 };
  if (!copy.complete) {
    if (options.copyCsv ?? true) stored = await repo.importedBatches(ctx.db, payload.progressId);
    const input = repo.stagedInput(fill);
    try {
      for await (const { rows, firstRowNumber } of readTableBatches(upload.path, upload.file_type, batchRows)) {
        if (stored.has(firstRowNumber)) continue;
        const lastRow = firstRowNumber + rows.length - 1;
        const skipped: number[] = [];
        const text = toImportRows(rows, firstRowNumber, columns, skipped);
        if (skipped.length > 0) await progress.recordErrors(skipped.map((row) => ({ message: FILE_MESSAGES.nulRowSkipped(row), item: `row ${row}` })));
        await addBatch(writer, target, firstRowNumber, lastRow, input, (trx) => repo.stageImportRows(trx, text));
      }
    } catch (error) {
      // No write outlives a failed attempt: the retry must see whatever they committed.
      await writer.drain().catch(() => {});
      throw error;
    }
    await writer.drain();
  }
  // Batches count their whole row range; rows left out for a NUL are in the progress's errors (once per row, even if retried).
  const skippedRows = new Set((await progress.current()).errors.flatMap((e) => (e.item?.startsWith('row ') ? [e.item] : []))).size;
  const imported = (await repo.countImported(ctx.db, payload.progressId)) - skippedRows;
  // The progress record, the list and the event change together, once: an attempt that finds
  // the import completed (a retry, or a duplicate delivery that finished first) announces nothing.
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await new ProgressTracker(trx, progress.id).completeOnce({ listId: payload.listId, imported, rows: upload.row_count }))) return;
    await lists.setListStatus(trx, payload.listId, 'complete');
    await ctx.events.publish(trx, listImportFinished, {
      teamId: payload.teamId,
      listId: payload.listId,
      importId: payload.progressId,
      fileName: upload.file_name,
      imported,
      rows: upload.row_count,
    });
  });
  return { imported, copiedRows: copy.copiedRows };
}

/** An existing people list of the team, or a new one; a new one starts 'processing' when asked. */
async function targetList(db: Kysely<DB>, actor: Actor, body: { listTitle?: string | undefined; existingListId?: string | undefined }, entityType: 'contactList' | 'companyList', processing: boolean) {
  if (body.existingListId) {
    const list = await lists.findList(db, actor.teamId, body.existingListId);
    if (!list || list.entity_type !== entityType) throw new AppError('NOT_FOUND', 'List not found.', { field: 'existingListId' });
    if (processing) await lists.setListStatus(db, list.id, 'processing');
    return (await lists.findList(db, actor.teamId, list.id))!;
  }
  return lists.insertList(db, { teamId: actor.teamId, name: body.listTitle!, entityType, createdBy: actor.userId, processing });
}

/**
 * `POST /api/v1/prospects/upload-to-list`: checks the file, marks the list as being populated
 * and enqueues the import, all in one transaction (no list is touched when a check fails).
 */
export async function startProspectImport(ctx: AppContext, actor: Actor, body: UploadToListBody) {
  const upload = await requireUpload(ctx.db, actor.teamId, body.attachedFileInfo._id);
  validateProspectFile(upload);
  const { list, progressId } = await ctx.db.transaction().execute(async (trx) => {
    const list = await targetList(trx, actor, body, 'contactList', true);
    const progress = await ProgressTracker.create(trx, { teamId: actor.teamId, userId: actor.userId, kind: 'lists.import-prospects', total: upload.row_count });
    await ctx.queue.send(
      importProspectFile,
      { progressId: progress.id, teamId: actor.teamId, uploadId: upload.id, listId: list.id, useRawFileData: body.useRawFileData, batchRows: BATCH_ROWS },
      { trx },
    );
    return { list, progressId: progress.id };
  });
  return { list, jobId: progressId };
}
