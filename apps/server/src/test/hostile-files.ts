import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FILE_LIMITS, FILE_MESSAGES } from '@leadline/shared';

/**
 * A generator of hostile uploads (zip, xlsx and CSV files written to a folder), for the tests
 * and bench/hostile-uploads.ts: nothing binary is committed. Zips are streamed to disk entry by
 * entry (raw deflate in sync-flushed blocks, sizes in data descriptors), so the bench's large
 * files never sit in memory, and an entry's central directory record can lie about its size.
 */

/** One zip entry: its bytes as a stream of chunks, and optionally a size to declare instead of the real one. */
export type StreamedEntry = { name: string; data: Iterable<Buffer>; declaredSize?: number };

export function writeZipFile(filePath: string, entries: StreamedEntry[]): void {
  const fd = fs.openSync(filePath, 'w');
  let offset = 0;
  const write = (buffer: Buffer) => {
    fs.writeSync(fd, buffer);
    offset += buffer.length;
  };
  const central: Buffer[] = [];
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const start = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0808, 6); // sizes in a data descriptor, UTF-8 names
      local.writeUInt16LE(8, 8);
      local.writeUInt16LE(name.length, 26);
      write(local);
      write(name);
      let crc = 0;
      let size = 0;
      let compressed = 0;
      for (const chunk of entry.data) {
        const packed = zlib.deflateRawSync(chunk, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
        crc = zlib.crc32(chunk, crc);
        size += chunk.length;
        compressed += packed.length;
        write(packed);
      }
      const final = zlib.deflateRawSync(Buffer.alloc(0));
      compressed += final.length;
      write(final);
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size % 2 ** 32, 12);
      write(descriptor);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0808, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(compressed, 20);
      header.writeUInt32LE(entry.declaredSize ?? size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(start, 42);
      central.push(header, name);
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    fs.writeSync(fd, directory);
    fs.writeSync(fd, end);
  } finally {
    fs.closeSync(fd);
  }
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const once = (text: string) => [Buffer.from(text)];

/** The parts every workbook needs around its first sheet (and shared strings). */
function workbookEntries(): StreamedEntry[] {
  return [
    { name: '[Content_Types].xml', data: once('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: '_rels/.rels', data: once(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: once(`<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: once(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
  ];
}

/** Text in chunks of about 1 MiB, from a function that makes one piece at a time. */
function* chunked(pieces: number, piece: (i: number) => string, before = '', after = ''): Generator<Buffer> {
  let text = before;
  for (let i = 0; i < pieces; i++) {
    text += piece(i);
    if (text.length >= 1024 * 1024) {
      yield Buffer.from(text);
      text = '';
    }
  }
  text += after;
  if (text) yield Buffer.from(text);
}

/** The eight letters a/b of each byte value, so noise is made a byte at a time. */
const LETTERS = Array.from({ length: 256 }, (_, b) => Array.from({ length: 8 }, (_, k) => ((b >> k) & 1 ? 'a' : 'b')).join(''));

/** A deterministic token of `length` letters a/b: one bit per letter, so deflate packs it about 7x, under any ratio cap. */
function noise(seed: number, length: number): string {
  let x = (seed * 2654435761) >>> 0 || 1;
  let out = '';
  while (out.length < length) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += LETTERS[x & 255]! + LETTERS[(x >>> 8) & 255]! + LETTERS[(x >>> 16) & 255]!;
  }
  return out.length === length ? out : out.slice(0, length);
}

const sheetOpen = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
const sheetClose = '</sheetData></worksheet>';
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row r="1">${inline('A1', 'Full Name')}</row>`;

function xlsx(filePath: string, sheet: Iterable<Buffer>, extra: StreamedEntry[] = [], declaredSheetSize?: number) {
  writeZipFile(filePath, [...workbookEntries(), ...extra, { name: 'xl/worksheets/sheet1.xml', data: sheet, ...(declaredSheetSize ? { declaredSize: declaredSheetSize } : {}) }]);
}

function sharedStringsEntry(bytes: number, declaredSize?: number): StreamedEntry {
  const count = Math.floor(bytes / 40);
  return {
    name: 'xl/sharedStrings.xml',
    data: chunked(count, (i) => `<si><t>${noise(i + 1, 24)}</t></si>`, `<sst xmlns="${NS}">`, '</sst>'),
    ...(declaredSize ? { declaredSize } : {}),
  };
}

/** An .xlsx of a header and `rows` one-cell data rows (a boolean each, and a little noise so the ratio cap lets it through). */
export function writeXlsxRows(filePath: string, rows: number): void {
  xlsx(filePath, chunked(rows, (i) => `<row x="${noise(i, 8)}"><c t="b"><v>1</v></c></row>`, sheetOpen + HEADER_ROW, sheetClose));
}

/** A hostile file: where it is, and the refusal it must get (null: it must be read, in linear time). */
export type HostileFile = { name: string; path: string; refusal: string | null };

const MiB = 1024 ** 2;

/**
 * The corpus. `scale` 1 makes files that tests read in a second or two; the bench uses more.
 * Each file is written once per folder and reused.
 */
export async function writeHostileCorpus(dir: string, scale = 1): Promise<HostileFile[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files: Array<Omit<HostileFile, 'path'> & { make: (p: string) => void }> = [
    {
      name: 'shared-strings-huge.xlsx',
      refusal: FILE_MESSAGES.sharedStringsTooLarge,
      make: (p) => xlsx(p, chunked(1, () => HEADER_ROW, sheetOpen, sheetClose), [sharedStringsEntry(80 * MiB * scale)]),
    },
    {
      name: 'shared-strings-lying.xlsx',
      refusal: FILE_MESSAGES.zipBomb,
      make: (p) => xlsx(p, chunked(1, () => HEADER_ROW, sheetOpen, sheetClose), [sharedStringsEntry(80 * MiB * scale, FILE_LIMITS.maxSharedStringsBytes - MiB)]),
    },
    {
      name: 'shared-strings-at-cap.xlsx',
      refusal: null,
      make: (p) =>
        xlsx(
          p,
          chunked(20_000 * scale, (i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>${(i * 50) % 1_500_000}</v></c></row>`, sheetOpen + HEADER_ROW, sheetClose),
          [sharedStringsEntry(FILE_LIMITS.maxSharedStringsBytes - MiB)],
        ),
    },
    {
      name: 'ratio-many-entries.xlsx',
      refusal: FILE_MESSAGES.zipBomb,
      make: (p) =>
        xlsx(
          p,
          chunked(1, () => HEADER_ROW, sheetOpen, sheetClose),
          Array.from({ length: 40 * scale }, (_, i) => ({ name: `xl/media/pad${i}.bin`, data: [Buffer.alloc(9 * MiB)] })),
        ),
    },
    {
      name: 'row-never-closes.xlsx',
      refusal: FILE_MESSAGES.xlsxRowTooLong,
      make: (p) => xlsx(p, chunked(18 * scale, (i) => noise(i + 7, MiB), `${sheetOpen}${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>`)),
    },
    {
      name: 'rows-open-never-close.xlsx',
      refusal: FILE_MESSAGES.xlsxRowTooLong,
      make: (p) => xlsx(p, chunked(1_000_000 * scale, (i) => `<row r="${noise(i, 12)}">`, sheetOpen)),
    },
    {
      name: 'cells-never-close.xlsx',
      refusal: null,
      make: (p) => xlsx(p, chunked(600_000, (i) => `<c r="A${noise(i, 8)}" t="s">`, `${sheetOpen}${HEADER_ROW}<row r="2">`, `</row>${sheetClose}`)),
    },
    {
      name: 'columns-100k.xlsx',
      refusal: FILE_MESSAGES.tooManyColumns(1),
      make: (p) => xlsx(p, chunked(100_000, (i) => `<c t="inlineStr"><is><t>Column ${i}</t></is></c>`, `${sheetOpen}<row r="1">`, `</row>${sheetClose}`)),
    },
    {
      name: 'deep-nesting.xlsx',
      refusal: null,
      make: (p) => xlsx(p, chunked(1, () => `<row r="1"><c r="A1" t="inlineStr"><is>${'<r>'.repeat(1_000_000)}<t>Full Name</t>${'</r>'.repeat(1_000_000)}</is></c></row>`, sheetOpen, sheetClose)),
    },
    {
      name: 'sheet-lying-size.xlsx',
      refusal: FILE_MESSAGES.zipBomb,
      make: (p) => xlsx(p, chunked(100_000, (i) => `<row r="${i + 2}">${inline(`A${i + 2}`, noise(i, 16))}</row>`, sheetOpen + HEADER_ROW, sheetClose), [], 4096),
    },
    {
      name: 'declared-huge.xlsx',
      refusal: FILE_MESSAGES.zipBomb,
      make: (p) =>
        writeZipFile(p, [
          ...workbookEntries(),
          { name: 'xl/worksheets/sheet1.xml', data: once(sheetOpen + HEADER_ROW + sheetClose), declaredSize: 2 ** 32 - 1 },
          { name: 'xl/media/big.bin', data: once('x'), declaredSize: 2 ** 32 - 1 },
        ]),
    },
    {
      name: 'many-entries.xlsx',
      refusal: FILE_MESSAGES.zipBomb,
      make: (p) => writeZipFile(p, [...workbookEntries(), ...Array.from({ length: 10_001 }, (_, i) => ({ name: `xl/e${i}.xml`, data: once('<a/>') }))]),
    },
    {
      name: 'columns-100k.csv',
      refusal: FILE_MESSAGES.tooManyColumns(1),
      make: (p) => fs.writeFileSync(p, `${Array.from({ length: 100_000 }, (_, i) => `Column ${i}`).join(',')}\n${'x,'.repeat(99_999)}x\n`),
    },
    {
      name: 'commas-row.csv',
      refusal: FILE_MESSAGES.tooManyColumns(2),
      make: (p) => fs.writeFileSync(p, `Full Name\n${','.repeat(15 * MiB)}\nAnn\n`),
    },
    {
      name: 'rows-over-cap.csv',
      refusal: FILE_MESSAGES.tooManyRows,
      make: (p) => {
        const fd = fs.openSync(p, 'w');
        fs.writeSync(fd, 'Full Name\n');
        const block = 'a\n'.repeat(1_000_000);
        for (let i = 0; i <= FILE_LIMITS.maxRows / 1_000_000; i++) fs.writeSync(fd, block);
        fs.closeSync(fd);
      },
    },
  ];
  const written: HostileFile[] = [];
  for (const { make, ...file } of files) {
    const p = path.join(dir, file.name);
    if (!fs.existsSync(p)) {
      make(`${p}.part`);
      fs.renameSync(`${p}.part`, p);
      await new Promise(setImmediate); // lets a test runner's messages through between files
    }
    written.push({ ...file, path: p });
  }
  return written;
}
