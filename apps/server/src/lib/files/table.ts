import fs from 'node:fs';
import path from 'node:path';
import { ACCEPTED_FILE_TYPES, type FileType } from '@leadline/shared';
import { CsvRowDecoder, headerCells, TableSummaryBuilder, type TableSummary } from './csv-read.js';
import { readXlsRowBatches, sniffSpreadsheet } from './excel.js';
import { readXlsxRowBatches } from './xlsx-reader.js';

export type { FileType } from '@leadline/shared';
export { headerCells, type TableSummary } from './csv-read.js';

/** One batch of data rows: every row has exactly `headers.length` cells. */
export type TableBatch = {
  headers: string[];
  rows: string[][];
  /** 1-based number of the batch's first data row (the header and blank rows are not counted). */
  firstRowNumber: number;
};

/** The accepted type of a file name, by extension (case-insensitive); anything else is null. */
export function fileTypeOf(fileName: string): FileType | null {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return (ACCEPTED_FILE_TYPES as readonly string[]).includes(ext) ? (ext as FileType) : null;
}

/** Pads with '' or cuts a row to the header's width; returns the same array when it fits. */
function fitRow(row: string[], width: number): string[] {
  if (row.length === width) return row;
  if (row.length > width) return row.slice(0, width);
  const fitted = row.slice();
  for (let i = row.length; i < width; i++) fitted.push('');
  return fitted;
}

/** Raw rows of a file in batches: CSV streamed through PapaParse, .xlsx through xlsx-reader.ts, .xls through SheetJS. */
async function* rawRowBatches(filePath: string, type: FileType, batchSize: number): AsyncGenerator<string[][]> {
  if (type === 'csv') {
    yield* csvRowBatches(filePath, batchSize);
  } else if (type === 'xlsx' || (await sniffSpreadsheet(filePath)) === 'zip') {
    yield* readXlsxRowBatches(filePath, batchSize);
  } else {
    yield* readXlsRowBatches(filePath, batchSize);
  }
}

async function* csvRowBatches(filePath: string, batchSize: number): AsyncGenerator<string[][]> {
  const decoder = new CsvRowDecoder();
  let batch: string[][] = [];
  const input = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of input) {
      for (const row of decoder.push(chunk as Buffer)) {
        batch.push(row);
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    for (const row of decoder.end()) batch.push(row);
    for (let start = 0; start < batch.length; start += batchSize) yield batch.slice(start, start + batchSize);
  } finally {
    input.destroy();
  }
}

/**
 * The data rows of an uploaded table in batches of at most `batchSize`, streamed: memory stays
 * bounded by one batch plus one read chunk, and the next chunk is read only when the consumer
 * asks for the next batch. The header is the first non-blank row (trailing blank header cells
 * dropped); blank rows are skipped; cells are raw strings (Excel values as text, see excel.ts);
 * each row is padded or cut to the header's width. A file without data rows yields nothing.
 * Formula escapes of our own exports are left in place: importers apply `unescapeFormulaCell`.
 */
export async function* readTableBatches(filePath: string, type: FileType, batchSize = 5000): AsyncGenerator<TableBatch> {
  let headers: string[] | null = null;
  let batch: string[][] = [];
  let nextRowNumber = 1;
  for await (const raw of rawRowBatches(filePath, type, batchSize)) {
    let i = 0;
    if (headers === null) {
      headers = headerCells(raw[0] ?? []);
      i = 1;
    }
    const width = headers.length;
    for (; i < raw.length; i++) {
      batch.push(fitRow(raw[i]!, width));
      if (batch.length === batchSize) {
        yield { headers, rows: batch, firstRowNumber: nextRowNumber };
        nextRowNumber += batch.length;
        batch = [];
      }
    }
  }
  if (headers && batch.length > 0) yield { headers, rows: batch, firstRowNumber: nextRowNumber };
}

/** Header, data row count and blanks per column of a file on disk, in one streamed pass. */
export async function summarizeTable(filePath: string, type: FileType): Promise<TableSummary> {
  const builder = new TableSummaryBuilder();
  // Small batches: each dies young, so the heap does not grow with the file (measured on 4M
  // rows: 59 MB above the process's start against 112 MB with batches of 5,000).
  for await (const rows of rawRowBatches(filePath, type, 500)) builder.addRows(rows);
  return builder.result();
}
