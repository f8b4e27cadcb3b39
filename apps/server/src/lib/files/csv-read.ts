import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError, FILE_LIMITS, FILE_MESSAGES } from '@leadline/shared';
import Papa from 'papaparse';

/** Papa's chunk-level parser; public (`Papa.ParserHandle`) but missing from @types/papaparse. */
type ParseResult = { data: string[][]; errors: Array<{ type: string; index: number }>; meta: { cursor: number; delimiter: string; linebreak: string } };
type ParserHandle = { parse(input: string, baseIndex: number, ignoreLastRow: boolean): ParseResult };
const { ParserHandle } = Papa as unknown as { ParserHandle: new (config: Record<string, unknown>) => ParserHandle };

/** Delimiter and line endings are guessed on exactly this many leading characters, so every reader of a file agrees. */
export const SAMPLE_CHARS = 64 * 1024;
/** A row (usually an unmatched quote swallowing the rest of the file) longer than this is refused. */
export const MAX_CSV_ROW_CHARS = 16 * 1024 * 1024;

const EMPTY: string[][] = [];

/** Text decoding by byte order mark: UTF-16 (LE or BE) with its BOM, else UTF-8 (a UTF-8 BOM is dropped later). */
class BomDecoder {
  #head: Buffer | null = Buffer.alloc(0);
  #utf8 = new StringDecoder('utf8');
  #utf16: TextDecoder | null = null;

  write(chunk: Buffer): string {
    if (this.#head === null) return this.#decode(chunk);
    const head = Buffer.concat([this.#head, chunk]);
    if (head.length < 2) {
      this.#head = head;
      return '';
    }
    this.#head = null;
    if (head[0] === 0xff && head[1] === 0xfe) this.#utf16 = new TextDecoder('utf-16le');
    else if (head[0] === 0xfe && head[1] === 0xff) this.#utf16 = new TextDecoder('utf-16be');
    return this.#decode(head);
  }

  end(): string {
    const head = this.#head;
    this.#head = null;
    const rest = head && head.length > 0 ? this.#utf8.write(head) : '';
    return rest + (this.#utf16 ? this.#utf16.decode() : this.#utf8.end());
  }

  #decode(bytes: Buffer) {
    return this.#utf16 ? this.#utf16.decode(bytes, { stream: true }) : this.#utf8.write(bytes);
  }
}

/** How many times `char` occurs in `text` before `end`. */
function countOf(text: string, char: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf(char); i >= 0 && i < end; i = text.indexOf(char, i + 1)) count++;
  return count;
}

/**
 * Delimiters outside quotes in `text` (the start of one unfinished row), counting stops past
 * `limit`. Any quote is taken to open or close a quoted run, which can only undercount.
 */
function delimitersOutsideQuotes(text: string, delimiter: string, limit: number): number {
  let count = 0;
  let pos = 0;
  let quote = text.indexOf('"');
  while (count <= limit) {
    const next = text.indexOf(delimiter, pos);
    if (next < 0) break;
    if (quote >= 0 && quote < next) {
      const close = text.indexOf('"', quote + 1);
      if (close < 0) break;
      pos = close + 1;
      quote = text.indexOf('"', pos);
      continue;
    }
    count++;
    pos = next + 1;
  }
  return count;
}

/**
 * Push-style CSV parsing on PapaParse: bytes in, complete rows out, any chunking. Decodes UTF-8
 * or UTF-16 by its BOM (a UTF-8 BOM stripped), guesses the delimiter (, ; tab |) and line
 * endings on the first 64 KiB, skips rows that are empty or only whitespace (PapaParse's
 * 'greedy' rule). Text is parsed in pieces of at least 64 KiB and at least the size of the
 * unfinished row carried over, so an open quote costs linear, not quadratic, time until
 * MAX_CSV_ROW_CHARS stops it. Refuses (AppError 400) a quote that is never closed or is
 * followed by other text (PapaParse would merge the following lines into one cell), with its
 * line number, and rows beyond FILE_LIMITS (columns, rows) as soon as they are read.
 */
export class CsvRowDecoder {
  readonly #decoder = new BomDecoder();
  #handle: ParserHandle | null = null;
  /** The character that ends a line in this file's dialect: counted for line numbers. */
  #lineEnd = '\n';
  #delimiter = ',';
  #linesBefore = 0;
  #rows = 0;
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
    // PapaParse parses an unfinished row again with every piece: one far wider than any allowed
    // row (a megabyte of commas) is refused before it becomes millions of cells.
    if (this.#partial.length > SAMPLE_CHARS && delimitersOutsideQuotes(this.#partial, this.#delimiter, FILE_LIMITS.maxColumns) > FILE_LIMITS.maxColumns) {
      throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.tooManyColumns(this.#rows + 1));
    }
    const input = this.#partial + (this.#pending.length === 1 ? this.#pending[0]! : this.#pending.join(''));
    this.#pending = [];
    this.#pendingChars = 0;
    if (input.length === 0) return EMPTY;
    if (!this.#handle) {
      const dialect = csvDialect(input);
      this.#handle = new ParserHandle({ delimiter: dialect.delimiter, newline: dialect.newline });
      this.#delimiter = dialect.delimiter;
      this.#lineEnd = dialect.newline === '\r' ? '\r' : '\n';
    }
    const results = this.#handle.parse(input, this.#baseIndex, !last);
    const quote = results.errors.find((e) => e.type === 'Quotes');
    if (quote) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.csvBadQuote(this.#linesBefore + countOf(input, this.#lineEnd, quote.index) + 1));
    if (!last) {
      const cursor = results.meta.cursor;
      const consumed = cursor - this.#baseIndex;
      this.#linesBefore += countOf(input, this.#lineEnd, consumed);
      this.#partial = input.substring(consumed);
      this.#baseIndex = cursor;
      if (this.#partial.length > MAX_CSV_ROW_CHARS) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.csvRowTooLong);
    } else {
      this.#partial = '';
    }
    return this.#checked(dropBlankRows(results.data));
  }

  /** Rows within FILE_LIMITS: the header and maxRows data rows, each of at most maxColumns cells. */
  #checked(rows: string[][]): string[][] {
    for (let i = 0; i < rows.length; i++) {
      if (rows[i]!.length > FILE_LIMITS.maxColumns) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.tooManyColumns(this.#rows + i + 1));
    }
    this.#rows += rows.length;
    if (this.#rows > FILE_LIMITS.maxRows + 1) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.tooManyRows);
    return rows;
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

/**
 * Header cells as read, without trailing blank ones (Excel and trailing delimiters leave those)
 * and without NUL characters, which no database text can hold.
 */
export function headerCells(row: readonly string[]): string[] {
  let width = row.length;
  while (width > 0 && row[width - 1]!.trim() === '') width--;
  return row.slice(0, width).map((cell) => (cell.includes('\u0000') ? cell.replace(/\u0000/g, '') : cell));
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
