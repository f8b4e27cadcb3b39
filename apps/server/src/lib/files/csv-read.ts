import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError, FILE_MESSAGES } from '@leadline/shared';
import Papa from 'papaparse';

/** Papa's chunk-level parser; public (`Papa.ParserHandle`) but missing from @types/papaparse. */
type ParseResult = { data: string[][]; meta: { cursor: number; delimiter: string; linebreak: string } };
type ParserHandle = { parse(input: string, baseIndex: number, ignoreLastRow: boolean): ParseResult };
const { ParserHandle } = Papa as unknown as { ParserHandle: new (config: Record<string, unknown>) => ParserHandle };

/** Delimiter and line endings are guessed on exactly this many leading characters, so every reader of a file agrees. */
export const SAMPLE_CHARS = 64 * 1024;
/** A row (usually an unmatched quote swallowing the rest of the file) longer than this is refused. */
export const MAX_CSV_ROW_CHARS = 16 * 1024 * 1024;

const EMPTY: string[][] = [];

/**
 * Push-style CSV parsing on PapaParse: bytes in, complete rows out, any chunking. Strips a
 * UTF-8 BOM, guesses the delimiter (, ; tab |) and line endings on the first 64 KiB, skips rows
 * that are empty or only whitespace (PapaParse's 'greedy' rule). Text is parsed in pieces of at
 * least 64 KiB and at least the size of the unfinished row carried over, so an open quote costs
 * linear, not quadratic, time until MAX_CSV_ROW_CHARS stops it.
 */
export class CsvRowDecoder {
  readonly #decoder = new StringDecoder('utf8');
  #handle: ParserHandle | null = null;
  #pending: string[] = [];
  #pendingChars = 0;
  #partial = '';
  #baseIndex = 0;
  #started = false;

  /** The rows completed by this chunk (often none). */
  push(chunk: Buffer | string): string[][] {
    if (!this.#append(typeof chunk === 'string' ? chunk : this.#decoder.write(chunk))) return EMPTY;
    const carried = this.#partial.length;
    if (this.#pendingChars < Math.max(SAMPLE_CHARS, carried) && carried + this.#pendingChars <= MAX_CSV_ROW_CHARS) return EMPTY;
    return this.#parse(false);
  }

  /** The rows left once the input has ended. */
  end(): string[][] {
    this.#append(this.#decoder.end());
    return this.#parse(true);
  }

  #append(decoded: string): boolean {
    let text = decoded;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length === 0) return false;
    this.#pending.push(text);
    this.#pendingChars += text.length;
    return true;
  }

  #parse(last: boolean): string[][] {
    const input = this.#partial + (this.#pending.length === 1 ? this.#pending[0]! : this.#pending.join(''));
    this.#pending = [];
    this.#pendingChars = 0;
    if (input.length === 0) return EMPTY;
    const handle = (this.#handle ??= createHandle(input));
    const results = handle.parse(input, this.#baseIndex, !last);
    if (!last) {
      const cursor = results.meta.cursor;
      this.#partial = input.substring(cursor - this.#baseIndex);
      this.#baseIndex = cursor;
      if (this.#partial.length > MAX_CSV_ROW_CHARS) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.csvRowTooLong);
    } else {
      this.#partial = '';
    }
    return dropBlankRows(results.data);
  }
}

/** Blank after trim; a printable ASCII first character answers without trimming. */
export function isBlankCell(cell: string | undefined): boolean {
  if (cell === undefined || cell.length === 0) return true;
  const first = cell.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return cell.trim().length === 0;
}

/** A row with nothing but whitespace; most rows answer on their first cell. */
function isBlankRow(row: readonly string[]): boolean {
  for (let i = 0; i < row.length; i++) if (!isBlankCell(row[i])) return false;
  return true;
}

/** Papa's own `skipEmptyLines: 'greedy'` joins every row to test it; this is the same rule, cheaper. */
function dropBlankRows(rows: string[][]): string[][] {
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (isBlankRow(row)) continue;
    if (kept !== i) rows[kept] = row;
    kept++;
  }
  rows.length = kept;
  return rows;
}

const DELIMITERS = [',', ';', '\t', '|'];

export type CsvDialect = { delimiter: string; newline: '\n' | '\r\n' | '\r' };

/**
 * The delimiter and line ending of a file, guessed on its first SAMPLE_CHARS characters (after
 * the BOM). Only delimiters that occur in the header line are candidates, so a one-column file
 * whose values hold a ';' stays one column; with none there, it is a comma file.
 */
export function csvDialect(firstInput: string): CsvDialect {
  const sample = firstInput.slice(0, SAMPLE_CHARS);
  const headerLine = sample.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const candidates = DELIMITERS.filter((d) => headerLine.includes(d));
  const probe = new ParserHandle({ skipEmptyLines: 'greedy', preview: 10, ...(candidates.length > 1 ? { delimitersToGuess: candidates } : { delimiter: candidates[0] ?? ',' }) });
  const { meta } = probe.parse(sample, 0, false);
  const newline = meta.linebreak === '\r\n' || meta.linebreak === '\r' ? meta.linebreak : '\n';
  return { delimiter: meta.delimiter || candidates[0] || ',', newline };
}

function createHandle(firstInput: string): ParserHandle {
  const { delimiter, newline } = csvDialect(firstInput);
  return new ParserHandle({ delimiter, newline });
}

/** Header cells as read, without trailing blank ones (Excel and trailing delimiters leave those). */
export function headerCells(row: readonly string[]): string[] {
  let width = row.length;
  while (width > 0 && row[width - 1]!.trim() === '') width--;
  return width === row.length ? row.slice() : row.slice(0, width);
}

/** What an upload row stores about its table: header row, data rows, blanks per column. */
export type TableSummary = { headers: string[]; rowCount: number; blankCounts: number[] };

/** Builds a TableSummary from rows as they arrive; the first row is the header. */
export class TableSummaryBuilder {
  #headers: string[] | null = null;
  #blankCounts: number[] = [];
  #rowCount = 0;

  addHeader(row: readonly string[]) {
    const headers = headerCells(row);
    this.#headers = headers;
    this.#blankCounts = new Array<number>(headers.length).fill(0);
  }

  /** Data rows; a missing cell counts as blank. */
  addDataRows(rows: readonly (readonly string[])[]) {
    const counts = this.#blankCounts;
    const width = counts.length;
    for (const row of rows) {
      for (let i = 0; i < width; i++) if (isBlankCell(row[i])) counts[i]!++;
    }
    this.#rowCount += rows.length;
  }

  /** Rows where the header is still to come: the first one is the header. */
  addRows(rows: string[][]) {
    if (rows.length === 0) return;
    if (this.#headers === null) {
      this.addHeader(rows[0]!);
      this.addDataRows(rows.slice(1));
    } else {
      this.addDataRows(rows);
    }
  }

  get hasHeader() {
    return this.#headers !== null;
  }

  result(): TableSummary {
    return { headers: this.#headers ?? [], rowCount: this.#rowCount, blankCounts: [...this.#blankCounts] };
  }
}

/**
 * A pass-through that parses the CSV bytes flowing to disk and summarises them on the way, so
 * an upload needs no second pass. Parsing is synchronous inside `transform`, so the upload is
 * held back exactly as much as the parser needs. Read `summary()` once the stream has finished.
 */
export class CsvSummaryTap extends Transform {
  readonly #decoder = new CsvRowDecoder();
  readonly #builder = new TableSummaryBuilder();
  #ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    try {
      this.#builder.addRows(this.#decoder.push(chunk));
      callback(null, chunk);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    try {
      this.#builder.addRows(this.#decoder.end());
      this.#ended = true;
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  summary(): TableSummary {
    if (!this.#ended) throw new Error('CsvSummaryTap.summary() read before the stream finished');
    return this.#builder.result();
  }
}
