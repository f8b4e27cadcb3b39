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
/** A byte PapaParse cannot take for white space (printable ASCII). */
const printableAscii = (b: number) => b > 0x20 && b < 0x7f;

/** What scanning a record can answer besides the offset after it. */
const INCOMPLETE = -1;
/** The longest record the cutter waits for; PapaParse takes files with longer ones. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;
const IRREGULAR = -2;

export class CsvPieceCutter {
  readonly #delimiter: number;
  /** LF, CR or CR LF ('\r\n'), as the dialect guessed. */
  readonly #newline: CsvDialect['newline'];
  readonly #recordsPerPiece: number;
  /** 1 for the bytes that end an unquoted cell or break it: the delimiter, CR, LF and the quote. */
  readonly #stops = new Uint8Array(256);
  /** Fields of the header record; known once it has been read. */
  width = -1;

  /** The last record's fields, and whether it holds a cell that may need cleaning: set by #scanRecord. */
  #fields = 0;
  #untidy = false;

  /** The bytes of an unfinished record at the end of the last chunk: scanned again with the next one. */
  #carry: Buffer = Buffer.alloc(0);
  /** Whole records of the piece being gathered, from earlier chunks. */
  #held: Buffer[] = [];
  #heldRecords = 0;
  #heldUntidy = false;
  #nextRecord = 1;
  #irregular = false;

  /**
   * `maxRecordBytes`: a longer record (a huge quoted cell) makes the file irregular, as an
   * unfinished record is scanned again with every chunk that does not finish it.
   */
  constructor(dialect: CsvDialect, recordsPerPiece: number, readonly maxRecordBytes = MAX_RECORD_BYTES) {
    this.#delimiter = dialect.delimiter.charCodeAt(0);
    this.#newline = dialect.newline;
    this.#recordsPerPiece = recordsPerPiece;
    for (const b of [this.#delimiter, CR, LF, QUOTE]) this.#stops[b] = 1;
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
    const buffer = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    const { pieceStart, next } = this.#records(buffer, false, pieces);
    if (next === IRREGULAR) return this.#fail(pieces);
    if (pieceStart < next) this.#held.push(buffer.subarray(pieceStart, next));
    this.#carry = buffer.subarray(next);
    if (this.#carry.length > this.maxRecordBytes) return this.#fail(pieces);
    return { pieces, irregular: false };
  }

  /** The last piece once the file has ended (a last record may lack its line end). */
  end(): CsvPiece[] | 'irregular' {
    if (this.#irregular) return 'irregular';
    const pieces: CsvPiece[] = [];
    const buffer = this.#carry;
    this.#carry = Buffer.alloc(0);
    const { pieceStart, next } = this.#records(buffer, true, pieces);
    if (next === IRREGULAR) return 'irregular';
    if (this.width < 0 || this.#heldRecords === 0) return pieces;
    const piece = this.#cut(buffer, pieceStart, next);
    if (piece === null) return 'irregular';
    pieces.push(piece);
    return pieces;
  }

  #fail(pieces: CsvPiece[]) {
    this.#irregular = true;
    this.#held = [];
    return { pieces, irregular: true };
  }

  /**
   * Scans the whole records of `buffer`, cutting a piece at every `recordsPerPiece` of them.
   * `next`: the offset after the last whole record (the rest waits for more bytes), or IRREGULAR;
   * `pieceStart`: where the records not yet cut begin.
   */
  #records(buffer: Buffer, eof: boolean, pieces: CsvPiece[]): { pieceStart: number; next: number } {
    let pieceStart = 0;
    let at = 0;
    while (at < buffer.length) {
      const end = this.#scanRecord(buffer, at, eof);
      if (end === INCOMPLETE) break;
      if (end === IRREGULAR) return { pieceStart, next: IRREGULAR };
      if (this.width < 0) {
        // The header sets the width (a one-column file could hold COPY's end-of-data line '\.',
        // so those are left to PapaParse); it is not sent and its cells do not count.
        if (this.#fields < 2 || buffer.subarray(at, end).indexOf(0) >= 0) return { pieceStart, next: IRREGULAR };
        at = end;
        this.width = this.#fields;
        pieceStart = at;
        continue;
      }
      at = end;
      if (this.#fields !== this.width) return { pieceStart, next: IRREGULAR };
      if (this.#untidy) this.#heldUntidy = true;
      if (++this.#heldRecords === this.#recordsPerPiece) {
        const piece = this.#cut(buffer, pieceStart, at);
        if (piece === null) return { pieceStart, next: IRREGULAR };
        pieces.push(piece);
        pieceStart = at;
      }
    }
    return { pieceStart, next: at };
  }

  /**
   * One record from `start`: the offset after its line end, INCOMPLETE when `buffer` ends first
   * (unless `eof`: then the buffer's end ends it), or IRREGULAR. Sets #fields and #untidy.
   * Unquoted cells are crossed byte by byte, quoted ones from quote to quote; NUL bytes and
   * UTF-8 are checked on the whole piece (#cut).
   */
  #scanRecord(buffer: Buffer, start: number, eof: boolean): number {
    const length = buffer.length;
    const delimiter = this.#delimiter;
    // The byte that ends a record (for '\r\n', its CR), and the one that must not appear.
    const ending = this.#newline === '\n' ? LF : CR;
    const foreign = this.#newline === '\n' ? CR : this.#newline === '\r' ? LF : -1;
    let fields = 1;
    let untidy = false;
    let printable = false;
    let i = start;
    for (;;) {
      // A cell starts at i.
      let b = i < length ? buffer[i]! : -1;
      let first: number;
      let last: number;
      if (b === QUOTE) {
        const open = i;
        i++;
        for (;;) {
          const close = buffer.indexOf(QUOTE, i);
          if (close < 0 || close + 1 >= length) {
            if (!eof || close < 0) return eof ? IRREGULAR : INCOMPLETE;
            i = close + 1; // the closing quote is the file's last byte
            break;
          }
          if (buffer[close + 1] === QUOTE) {
            i = close + 2; // "" inside a quoted field
            continue;
          }
          i = close + 1;
          break;
        }
        // The cell's content lies between the quotes.
        const contentEnd = i - 1;
        if (contentEnd > open + 1) {
          first = buffer[open + 1]!;
          last = buffer[contentEnd - 1]!;
          if (!printable) for (let k = open + 1; k < contentEnd && !printable; k++) printable = printableAscii(buffer[k]!);
        } else {
          first = last = -1;
        }
        b = i < length ? buffer[i]! : -1;
        if (b !== delimiter && b !== LF && b !== CR && b !== -1) return IRREGULAR; // text after a closing quote
      } else {
        const cellStart = i;
        const stops = this.#stops;
        while (i < length && stops[buffer[i]!] === 0) i++;
        b = i < length ? buffer[i]! : -1;
        if (b === QUOTE) return IRREGULAR; // a quote inside an unquoted field
        if (i > cellStart) {
          first = buffer[cellStart]!;
          last = buffer[i - 1]!;
          if (!printable) for (let k = cellStart; k < i && !printable; k++) printable = printableAscii(buffer[k]!);
        } else {
          first = last = -1;
        }
      }
      if (first >= 0 && (edge(first) || first === APOSTROPHE || edge(last))) untidy = true;
      // i is at the cell's end: a delimiter, a line end, or the end of the buffer.
      if (b === delimiter) {
        fields++;
        i++;
        continue;
      }
      let end: number;
      if (b === -1) {
        if (!eof) return INCOMPLETE;
        end = length;
      } else if (b === foreign || b !== ending) {
        return IRREGULAR; // a line end of another kind than the dialect's
      } else if (this.#newline === '\r\n') {
        if (i + 1 >= length) return eof ? IRREGULAR : INCOMPLETE;
        if (buffer[i + 1] !== LF) return IRREGULAR;
        end = i + 2;
      } else {
        end = i + 1;
      }
      // Blank, or nothing PapaParse could be sure is not blank.
      if (!printable) return IRREGULAR;
      this.#fields = fields;
      this.#untidy = untidy;
      return end;
    }
  }

  #cut(buffer: Buffer, start: number, end: number): CsvPiece | null {
    this.#held.push(buffer.subarray(start, end));
    const bytes = this.#held.length === 1 ? this.#held[0]! : Buffer.concat(this.#held);
    this.#held = [];
    if (!isUtf8(bytes) || bytes.indexOf(0) >= 0) return null;
    const piece = { bytes, records: this.#heldRecords, firstRecord: this.#nextRecord, tidy: !this.#heldUntidy };
    this.#nextRecord += this.#heldRecords;
    this.#heldRecords = 0;
    this.#heldUntidy = false;
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
