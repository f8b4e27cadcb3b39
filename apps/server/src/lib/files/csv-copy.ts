import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { csvDialect, SAMPLE_CHARS, type CsvDialect } from './csv-read.js';

/**
 * Cuts a CSV file into pieces of whole records that PostgreSQL's COPY (FORMAT csv) reads into
 * exactly the cells CsvRowDecoder (PapaParse) gives, so the database can parse them itself.
 *
 * That holds for a "regular" file, which this checks byte by byte as it goes: every record has
 * the header's number of fields; a quote opens a field or does not appear outside quotes; a
 * closing quote is followed by a delimiter, a line end or the end of the file; every line ends
 * the way the dialect guessed from the start of the file says (COPY insists on one kind);
 * no record is blank (PapaParse skips those, COPY would not); no NUL byte; valid UTF-8.
 * Anything else makes `push` answer 'irregular' at that record, and the caller reads the rest
 * of the file with PapaParse: the records before it are numbered the same by both readers.
 *
 * A piece is also marked `tidy` when none of its cells can need the cleaning an import does
 * (trimming white space, undoing a formula escape): no cell starts or ends with a byte that
 * could begin or end white space (ASCII white space and controls, any non-ASCII byte), and no
 * cell starts with an apostrophe. It errs on the untidy side, which only costs the full cleaning.
 */
export type CsvPiece = {
  /** The bytes of `records` whole records, line ends included. */
  bytes: Buffer;
  records: number;
  /** The 1-based number of the piece's first data record (the header is not counted). */
  firstRecord: number;
  /** No cell starts or ends with possible white space or starts with an apostrophe. */
  tidy: boolean;
};

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const APOSTROPHE = 0x27;
/** A byte that may begin or end white space: ASCII white space and controls, any non-ASCII byte. */
const edge = (b: number) => b <= 0x20 || b >= 0x7f;
/** What `last` holds before a cell's first byte: neither white space nor an apostrophe. */
const NONE = 0x41;

export class CsvPieceCutter {
  readonly #delimiter: number;
  readonly #newline: CsvDialect['newline'];
  readonly #recordsPerPiece: number;
  /** Fields of the header record; known once it has been read. */
  width = -1;

  // Scanner state, carried across chunks.
  #quoted = false;
  #afterQuote = false;
  #fieldStart = true;
  #pendingCr = false;
  #fields = 1;
  #printable = false;
  #recordHasBytes = false;
  #first = true;
  #last = NONE;
  #untidy = false;

  #held: Buffer[] = [];
  #heldRecords = 0;
  #nextRecord = 1;
  #irregular = false;

  constructor(dialect: CsvDialect, recordsPerPiece: number) {
    this.#delimiter = dialect.delimiter.charCodeAt(0);
    this.#newline = dialect.newline;
    this.#recordsPerPiece = recordsPerPiece;
  }

  get irregular() {
    return this.#irregular;
  }

  /**
   * Scans a chunk; answers the pieces it completes, and whether the file stopped being regular
   * in it (the pieces before that point are good; nothing more comes after).
   */
  push(chunk: Buffer): { pieces: CsvPiece[]; irregular: boolean } {
    const pieces: CsvPiece[] = [];
    if (this.#irregular) return { pieces, irregular: true };
    let pieceStart = 0;
    const delimiter = this.#delimiter;
    const newline = this.#newline;
    let quoted = this.#quoted;
    let afterQuote = this.#afterQuote;
    let fieldStart = this.#fieldStart;
    let pendingCr = this.#pendingCr;
    let fields = this.#fields;
    let printable = this.#printable;
    let hasBytes = this.#recordHasBytes;
    // `first`: the next content byte is its cell's first; `last`: the cell's last content byte so far.
    let first = this.#first;
    let last = this.#last;
    let untidy = this.#untidy;

    const fail = () => {
      this.#irregular = true;
      this.#held = [];
      return { pieces, irregular: true };
    };

    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      hasBytes = true;
      if (pendingCr) {
        // '\r\n' files: a CR must be followed by LF.
        pendingCr = false;
        if (b !== LF) return fail();
      } else {
        if (quoted) {
          if (b === QUOTE) {
            quoted = false;
            afterQuote = true;
          } else if (b === 0) {
            return fail();
          } else {
            if (b > 0x20 && b < 0x7f) printable = true;
            if (first) {
              if (edge(b) || b === APOSTROPHE) untidy = true;
              first = false;
            }
            last = b;
          }
          continue;
        }
        if (afterQuote) {
          afterQuote = false;
          if (b === QUOTE) {
            quoted = true; // "" inside a quoted field
            first = false;
            last = QUOTE;
            continue;
          }
          if (b !== delimiter && b !== LF && b !== CR) return fail();
        }
        if (b === delimiter) {
          fields++;
          fieldStart = true;
          if (edge(last)) untidy = true;
          first = true;
          last = NONE;
          continue;
        }
        if (b === QUOTE) {
          if (!fieldStart) return fail();
          quoted = true;
          fieldStart = false;
          continue;
        }
        if (b === CR) {
          if (newline === '\n') return fail();
          if (newline === '\r\n') {
            pendingCr = true;
            continue;
          }
        } else if (b === LF) {
          if (newline !== '\n') return fail();
        } else {
          if (b === 0) return fail();
          if (b > 0x20 && b < 0x7f) printable = true;
          if (first) {
            if (edge(b) || b === APOSTROPHE) untidy = true;
            first = false;
          }
          last = b;
          fieldStart = false;
          continue;
        }
      }
      // A record ends here (after its line end).
      if (!this.#endRecord(fields, printable)) return fail();
      if (edge(last)) untidy = true;
      fields = 1;
      printable = false;
      fieldStart = true;
      hasBytes = false;
      first = true;
      last = NONE;
      if (this.width < 0) {
        // The header is not sent, and its cells do not count.
        pieceStart = i + 1;
        this.#held = [];
        this.width = this.#headerWidth;
        untidy = false;
      } else if (++this.#heldRecords === this.#recordsPerPiece) {
        const piece = this.#cut(chunk, pieceStart, i + 1, untidy);
        untidy = false;
        if (piece === null) return fail();
        pieces.push(piece);
        pieceStart = i + 1;
      }
    }
    this.#quoted = quoted;
    this.#afterQuote = afterQuote;
    this.#fieldStart = fieldStart;
    this.#pendingCr = pendingCr;
    this.#fields = fields;
    this.#printable = printable;
    this.#recordHasBytes = hasBytes;
    this.#first = first;
    this.#last = last;
    this.#untidy = untidy;
    if (pieceStart < chunk.length) this.#held.push(chunk.subarray(pieceStart));
    return { pieces, irregular: false };
  }

  /** The last piece once the file has ended (a last record may lack its line end). */
  end(): CsvPiece[] | 'irregular' {
    if (this.#irregular) return 'irregular';
    if (this.#quoted || this.#pendingCr) return 'irregular';
    if (this.#recordHasBytes) {
      if (!this.#endRecord(this.#fields, this.#printable)) return 'irregular';
      if (this.width < 0) return [];
      if (edge(this.#last)) this.#untidy = true;
      this.#heldRecords++;
    }
    if (this.#heldRecords === 0) return [];
    const piece = this.#cut(Buffer.alloc(0), 0, 0, this.#untidy);
    return piece === null ? 'irregular' : [piece];
  }

  #headerWidth = -1;

  /** Checks a finished record: the header sets the width, data records must match it. */
  #endRecord(fields: number, printable: boolean): boolean {
    if (!printable) return false; // blank, or nothing PapaParse could be sure is not blank
    if (this.width < 0) {
      // A one-column file could hold COPY's end-of-data line '\.'; leave those to PapaParse.
      if (fields < 2) return false;
      this.#headerWidth = fields;
      return true;
    }
    return fields === this.width;
  }

  #cut(chunk: Buffer, start: number, end: number, untidy: boolean): CsvPiece | null {
    this.#held.push(chunk.subarray(start, end));
    const bytes = this.#held.length === 1 ? this.#held[0]! : Buffer.concat(this.#held);
    this.#held = [];
    if (!isUtf8(bytes)) return null;
    const piece = { bytes, records: this.#heldRecords, firstRecord: this.#nextRecord, tidy: !untidy };
    this.#nextRecord += this.#heldRecords;
    this.#heldRecords = 0;
    return piece;
  }
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file's dialect as CsvRowDecoder guesses it, and where its text starts (after a BOM). */
export async function readCsvDialect(filePath: string): Promise<{ dialect: CsvDialect; start: number }> {
  const handle = await fs.promises.open(filePath);
  try {
    // SAMPLE_CHARS characters take at most 4 bytes each.
    const buffer = Buffer.alloc(SAMPLE_CHARS * 4 + 3);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    const start = head.subarray(0, 3).equals(BOM) ? 3 : 0;
    const text = new StringDecoder('utf8').write(head.subarray(start));
    return { dialect: csvDialect(text), start };
  } finally {
    await handle.close();
  }
}

/**
 * The data records of a CSV file in pieces of `recordsPerPiece`, read in 1 MiB chunks, or
 * 'irregular' (once, last) when the file turns out not to be regular: the pieces before it are
 * good. `width` is the header's field count. `head`: what readCsvDialect answered, if already read.
 */
export async function* csvPieces(
  filePath: string,
  recordsPerPiece: number,
  head?: { dialect: CsvDialect; start: number },
): AsyncGenerator<(CsvPiece & { width: number }) | 'irregular'> {
  const { dialect, start } = head ?? (await readCsvDialect(filePath));
  if (dialect.delimiter.length !== 1) {
    yield 'irregular';
    return;
  }
  const cutter = new CsvPieceCutter(dialect, recordsPerPiece);
  const input = fs.createReadStream(filePath, { start, highWaterMark: 1024 * 1024 });
  try {
    for await (const chunk of input) {
      const { pieces, irregular } = cutter.push(chunk as Buffer);
      for (const piece of pieces) yield { ...piece, width: cutter.width };
      if (irregular) {
        yield 'irregular';
        return;
      }
    }
    const last = cutter.end();
    if (last === 'irregular') {
      yield 'irregular';
      return;
    }
    for (const piece of last) yield { ...piece, width: cutter.width };
  } finally {
    input.destroy();
  }
}
