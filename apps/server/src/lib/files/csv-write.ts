import { Readable, Transform, type TransformCallback } from 'node:stream';

/** A cell as the writer takes it: null and undefined are written as empty. */
export type CsvCell = string | null | undefined;

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
/** Cells a spreadsheet would run as a formula (OWASP's list), and cells that already look escaped. */
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/** First characters that make a spreadsheet treat a cell as a formula: = + - @ tab CR. */
function startsLikeFormula(code: number): boolean {
  return code === 61 || code === 43 || code === 45 || code === 64 || code === 9 || code === 13;
}

/**
 * Prefixes `'` to a cell beginning with `= + - @`, tab or CR, so no spreadsheet runs it. Cells
 * that are already apostrophes followed by such a character get one more apostrophe, which makes
 * the escape reversible: `unescapeFormulaCell(escapeFormulaCell(x)) === x` for every x.
 */
export function escapeFormulaCell(cell: string): string {
  const first = cell.charCodeAt(0);
  if (startsLikeFormula(first)) return `'${cell}`;
  if (first === 39 && ESCAPED_FORMULA.test(cell)) return `'${cell}`;
  return cell;
}

/** The inverse of escapeFormulaCell, applied by importers so an exported file re-imports unchanged. */
export function unescapeFormulaCell(cell: string): string {
  return cell.charCodeAt(0) === 39 && ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

/** One CSV field (RFC 4180): formula-escaped, quoted only when it holds a quote, comma or line break. */
export function encodeCsvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined || cell.length === 0) return '';
  const safe = escapeFormulaCell(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record with its CRLF. */
export function encodeCsvRow(row: readonly CsvCell[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : ',') + encodeCsvCell(row[i]);
  return `${line}\r\n`;
}

/**
 * A CSV download as a byte stream: UTF-8 with a BOM (so Excel reads UTF-8), the header row, then
 * every batch of rows, RFC 4180 with CRLF and formula escaping. The next batch is pulled only when
 * the consumer reads, so a slow client holds back the database, not memory. The header goes out
 * before the first batch is asked for, so the first byte does not wait for the first query.
 */
export function createCsvStream(
  headers: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]> | Iterable<readonly (readonly CsvCell[])[]>,
): Readable {
  let iterator: AsyncIterator<readonly (readonly CsvCell[])[]> | Iterator<readonly (readonly CsvCell[])[]> | null = null;
  let headerSent = false;
  return new Readable({
    highWaterMark: 256 * 1024,
    async read() {
      try {
        if (!headerSent) {
          headerSent = true;
          this.push(Buffer.from(BOM + encodeCsvRow(headers), 'utf8'));
          return;
        }
        iterator ??= Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]();
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            this.push(null);
            return;
          }
          if (next.value.length === 0) continue;
          let text = '';
          for (const row of next.value) text += encodeCsvRow(row);
          this.push(Buffer.from(text, 'utf8'));
          return;
        }
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      // Stop the source (a database cursor, say) when the client goes away.
      const stop = iterator?.return?.();
      Promise.resolve(stop).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * Turns the LF that ends each CSV record into CRLF (RFC 4180), leaving line breaks inside quoted
 * cells as they are: PostgreSQL's COPY writes CSV with LF record ends. A record end is an LF
 * outside quotes; `""` inside a quoted cell toggles twice, so counting quotes is enough.
 */
export class CrlfRecords extends Transform {
  #quoted = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const parts: Buffer[] = [];
    let start = 0;
    let quoted = this.#quoted;
    // Jump from quote to LF with indexOf; most bytes are neither.
    let quote = chunk.indexOf(QUOTE);
    let lf = chunk.indexOf(LF);
    while (lf !== -1) {
      if (quote !== -1 && quote < lf) {
        quoted = !quoted;
        quote = chunk.indexOf(QUOTE, quote + 1);
        continue;
      }
      if (!quoted) {
        parts.push(chunk.subarray(start, lf), CRLF);
        start = lf + 1;
      }
      lf = chunk.indexOf(LF, lf + 1);
    }
    for (; quote !== -1; quote = chunk.indexOf(QUOTE, quote + 1)) quoted = !quoted;
    this.#quoted = quoted;
    if (start === 0) return callback(null, chunk);
    parts.push(chunk.subarray(start));
    callback(null, Buffer.concat(parts));
  }
}
