import fs from 'node:fs';
import path from 'node:path';
import { FILE_LIMITS, FILE_MESSAGES } from '@leadline/shared';
import { writeZipFile as writeZipAt, type ZipEntry } from './zip-fixture.js';

/**
 * A generator of hostile uploads (zip, xlsx and CSV files written to a folder), for the tests
 * and bench/hostile-uploads.ts: nothing binary is committed. Zips are streamed to disk by the
 * tests' zip writer (zip-fixture.ts), so the bench's large files never sit in memory.
 */

/** Hostile files are large: deflate fast. */
const writeZipFile = (filePath: string, entries: ZipEntry[]) => writeZipAt(filePath, entries, { level: 1 });

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const once = (text: string) => [Buffer.from(text)];

/** The parts every workbook needs around its first sheet (and shared strings). */
function workbookEntries(): ZipEntry[] {
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

function xlsx(filePath: string, sheet: Iterable<Buffer>, extra: ZipEntry[] = [], declaredSheetSize?: number) {
  writeZipFile(filePath, [...workbookEntries(), ...extra, { name: 'xl/worksheets/sheet1.xml', data: sheet, ...(declaredSheetSize ? { declaredSize: declaredSheetSize } : {}) }]);
}

function sharedStringsEntry(bytes: number, declaredSize?: number): ZipEntry {
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
