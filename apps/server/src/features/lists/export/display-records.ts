import { displayCase } from '@leadline/shared';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { encodeCsvRow, unescapeFormulaCell } from '../../../lib/files/index.js';

/**
 * Rewrites PostgreSQL's COPY CSV (LF record ends, formula-escaped cells) the way the streamed
 * encoder writes a download: the columns at `displayed` by the display rule (displayCase), CRLF
 * record ends. Each record is parsed (quotes, doubled quotes, line breaks inside quotes), its
 * cells unescaped, then encoded again with encodeCsvRow, so both paths give the same bytes.
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
    for (let i = 0; i < text.length; i++) {
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
      } else if (c === '\n') out += this.#record();
      else this.#cell += c;
    }
    return out;
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
