import { displayCase } from '@leadline/shared';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { encodeCsvCell, encodeCsvRow, unescapeFormulaCell } from '../../../lib/files/index.js';

/**
 * Rewrites PostgreSQL's COPY CSV (LF record ends, formula-escaped cells) the way the streamed
 * encoder writes a download: the columns at `displayed` by the display rule (displayCase), CRLF
 * record ends. Each record is parsed (quotes, doubled quotes, line breaks inside quotes), its
 * cells unescaped, then encoded again with encodeCsvRow, so both paths give the same bytes.
 * Records without a quote take a fast path that touches only the displayed cells.
 */
export class DisplayCaseRecords extends Transform {
  readonly #decoder = new StringDecoder('utf8');
  readonly #displayed: ReadonlySet<number>;
  #cells: string[] = [];
  #cell = '';
  #quoted = false;
  /** A quote inside a quoted cell: either the cell's end or the first of a doubled quote. */
  #quoteSeen = false;

  constructor(displayed: readonly number[]) {
    super();
    this.#displayed = new Set(displayed);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const out = this.#consume(this.#decoder.write(chunk));
    callback(null, out.length > 0 ? Buffer.from(out, 'utf8') : undefined);
  }

  override _flush(callback: TransformCallback) {
    let out = this.#consume(this.#decoder.end());
    if (this.#cell !== '' || this.#cells.length > 0 || this.#quoteSeen) out += this.#record();
    callback(null, out.length > 0 ? Buffer.from(out, 'utf8') : undefined);
  }

  #consume(text: string): string {
    let out = '';
    let i = 0;
    while (i < text.length) {
      if (this.#atRecordStart()) {
        const end = text.indexOf('\n', i);
        if (end === -1) break;
        const line = text.slice(i, end);
        if (!line.includes('"')) {
          out += this.#plainRecord(line);
          i = end + 1;
          continue;
        }
      }
      const next = this.#parseRecord(text, i);
      out += next.out;
      i = next.index;
    }
    if (i < text.length) out += this.#parseRecord(text, i).out;
    return out;
  }

  #atRecordStart(): boolean {
    return this.#cells.length === 0 && this.#cell === '' && !this.#quoted && !this.#quoteSeen;
  }

  /**
   * A record without quotes (most of them): COPY left every cell bare, so cells outside the
   * display rule are already what encodeCsvRow would write and pass through untouched.
   */
  #plainRecord(line: string): string {
    const cells = line.split(',');
    for (const index of this.#displayed) {
      const cell = cells[index];
      if (cell !== undefined && cell !== '') cells[index] = encodeCsvCell(displayCase(unescapeFormulaCell(cell)));
    }
    return `${cells.join(',')}\r\n`;
  }

  /** Parses from `from` up to the end of one record (or of the text), quotes and all. */
  #parseRecord(text: string, from: number): { out: string; index: number } {
    for (let i = from; i < text.length; i++) {
      const c = text[i]!;
      if (this.#quoteSeen) {
        this.#quoteSeen = false;
        if (c === '"') {
          this.#cell += '"';
          continue;
        }
        this.#quoted = false;
      }
      if (this.#quoted) {
        if (c === '"') this.#quoteSeen = true;
        else this.#cell += c;
      } else if (c === '"') this.#quoted = true;
      else if (c === ',') {
        this.#cells.push(this.#cell);
        this.#cell = '';
      } else if (c === '\n') return { out: this.#record(), index: i + 1 };
      else this.#cell += c;
    }
    return { out: '', index: text.length };
  }

  #record(): string {
    const cells = [...this.#cells, this.#cell].map((cell, index) => {
      const raw = unescapeFormulaCell(cell);
      return this.#displayed.has(index) ? displayCase(raw) : raw;
    });
    this.#cells = [];
    this.#cell = '';
    this.#quoteSeen = false;
    return encodeCsvRow(cells);
  }
}
