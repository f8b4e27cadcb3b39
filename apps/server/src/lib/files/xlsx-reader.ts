import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { AppError, FILE_LIMITS, FILE_MESSAGES } from '@leadline/shared';
import type yauzl from 'yauzl';
import { dateText, loadSheetJs, numberText } from './excel.js';
import { StringTable } from './string-table.js';
import { attributes, elementName, elementPieces, firstElement, forEachElement, startTags, withoutElements, type ElementName } from './xml-scan.js';
import { openCheckedZip } from './zip-guard.js';

/**
 * A streaming reader for the first worksheet of an .xlsx, written for speed (exceljs's streaming
 * reader managed about 150k cells/s here; this one several times more). It reads the zip
 * through yauzl after the zip guard, inflates the sheet as a stream and scans its XML with
 * linear searches (xml-scan.ts), one complete `<row>` at a time: the sheet is never held in
 * memory. Shared strings (needed to read any cell, at most FILE_LIMITS.maxSharedStringsBytes,
 * stored compactly) and the date styles are. Every cap of FILE_LIMITS is checked as the file is
 * read, so a hostile workbook is refused with its reason after reading at most what it declared.
 */

/** Workbook, relationships and styles parts larger than this (declared, unpacked) are refused. */
const MAX_SMALL_PART_BYTES = 16 * 1024 ** 2;

const DAY_MS = 86_400_000;
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);
/** Built-in number formats that are dates or times (ECMA-376 18.8.30, plus the CJK ones). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

const ENTITY_RE = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const ESCAPE_RE = /_x([0-9A-Fa-f]{4})_/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text to a string: line ends normalised, entities and Excel's `_xHHHH_` escapes decoded. */
export function decodeXmlText(raw: string): string {
  let text = raw;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  if (text.includes('&')) {
    text = text.replace(ENTITY_RE, (_, name: string | undefined, dec: string | undefined, hex: string | undefined) =>
      name ? NAMED[name]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)),
    );
  }
  if (text.includes('_x')) text = text.replace(ESCAPE_RE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text;
}

type CellAttrs = { r?: string | undefined; s?: string | undefined; t?: string | undefined };

/** One attribute of a cell tag, found without a regular expression (this runs once per cell). */
function cellAttr(source: string, name: string): string | undefined {
  const key = `${name}="`;
  for (let i = source.indexOf(key); i >= 0; i = source.indexOf(key, i + 1)) {
    const before = source.charCodeAt(i - 1);
    if (i === 0 || before === 32 || before === 9 || before === 10 || before === 13) {
      const start = i + key.length;
      return source.slice(start, source.indexOf('"', start));
    }
  }
  return undefined;
}

function cellAttrs(source: string): CellAttrs {
  if (source.includes("'")) return attributes(source); // single-quoted values: the general path
  return { r: cellAttr(source, 'r'), s: cellAttr(source, 's'), t: cellAttr(source, 't') };
}

/** Element names of one part, for the namespace prefix its root element uses. */
type Names = { t: ElementName; rPh: ElementName; si: ElementName; row: ElementName; c: ElementName; v: ElementName; is: ElementName };
const namesFor = (prefix: string): Names => ({
  t: elementName(prefix, 't'),
  rPh: elementName(prefix, 'rPh'),
  si: elementName(prefix, 'si'),
  row: elementName(prefix, 'row'),
  c: elementName(prefix, 'c'),
  v: elementName(prefix, 'v'),
  is: elementName(prefix, 'is'),
});

/** Concatenated `<t>` runs of a string item (`<si>` or `<is>`), phonetic runs left out. */
function runText(xml: string, names: Names): string {
  const source = xml.includes('rPh') ? withoutElements(xml, names.rPh) : xml;
  let text = '';
  forEachElement(source, names.t, (_, content) => {
    if (content) text += content;
  });
  return decodeXmlText(text);
}

/** 0-based column of a cell reference such as `AB12`; -1 without one. Past the column cap it stops counting. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  for (let i = 0; i < ref.length && col <= FILE_LIMITS.maxColumns; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    col = col * 26 + (code - 64);
  }
  return col - 1;
}

/** Inflated bytes of every part read from one workbook, against FILE_LIMITS.maxUnpackedBytes. */
type Unpacked = { bytes: number };

async function* entryText(zip: yauzl.ZipFile, entry: yauzl.Entry, unpacked: Unpacked): AsyncGenerator<string> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      unpacked.bytes += (chunk as Buffer).length;
      if (unpacked.bytes > FILE_LIMITS.maxUnpackedBytes) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.zipBomb);
      const text = decoder.write(chunk as Buffer);
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } catch (error) {
    // yauzl's check of the declared size: an entry that unpacks to more than it declared.
    if (error instanceof Error && error.message.startsWith('too many bytes')) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.zipBomb, { cause: error });
    throw error;
  } finally {
    stream.destroy();
  }
}

async function wholeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, unpacked: Unpacked): Promise<string> {
  if (!entry) return '';
  if (entry.uncompressedSize > MAX_SMALL_PART_BYTES) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.zipBomb);
  const pieces: string[] = [];
  for await (const piece of entryText(zip, entry, unpacked)) pieces.push(piece);
  return pieces.join('');
}

/** Relationship id → part name, for a rels file in `baseDir`. */
function relationships(xml: string, baseDir: string): Map<string, { target: string; type: string }> {
  const rels = new Map<string, { target: string; type: string }>();
  for (const tag of startTags(xml, 'Relationship')) {
    const a = attributes(tag);
    if (!a.Id || !a.Target || a.TargetMode === 'External') continue;
    const target = a.Target.startsWith('/') ? a.Target.slice(1) : path.posix.normalize(path.posix.join(baseDir, a.Target));
    rels.set(a.Id, { target, type: a.Type ?? '' });
  }
  return rels;
}

type WorkbookParts = { sheet: string | undefined; sharedStrings: string | undefined; styles: string | undefined; date1904: boolean };

async function workbookParts(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, unpacked: Unpacked): Promise<WorkbookParts> {
  const rootRels = relationships(await wholeEntry(zip, entries.get('_rels/.rels'), unpacked), '');
  const bookName = [...rootRels.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!entries.has(bookName)) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.unreadable('xlsx'));
  const bookDir = path.posix.dirname(bookName);
  const book = await wholeEntry(zip, entries.get(bookName), unpacked);
  const rels = relationships(await wholeEntry(zip, entries.get(`${bookDir}/_rels/${path.posix.basename(bookName)}.rels`), unpacked), bookDir);
  const firstSheet = startTags(book, 'sheet').next().value;
  const firstSheetRel = firstSheet !== undefined ? Object.entries(attributes(firstSheet)).find(([name]) => /(^|:)id$/.test(name) && name !== 'sheetId')?.[1] : undefined;
  const byType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const fallbackSheet = [...entries.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort((a, b) => parseInt(a.slice(16), 10) - parseInt(b.slice(16), 10))[0];
  const bookPr = startTags(book, 'workbookPr').next().value;
  const date1904 = bookPr !== undefined ? attributes(bookPr).date1904 : undefined;
  return {
    sheet: (firstSheetRel && rels.get(firstSheetRel)?.target) || fallbackSheet,
    sharedStrings: byType('/sharedStrings') ?? 'xl/sharedStrings.xml',
    styles: byType('/styles') ?? 'xl/styles.xml',
    date1904: date1904 === '1' || date1904 === 'true',
  };
}

/** Indexes of cell formats (the `s` attribute) that show numbers as dates. */
function dateStyles(styles: string, isDateFormat: (format: string) => boolean): Set<number> {
  const custom = new Map<number, string>();
  for (const tag of startTags(styles, 'numFmt')) {
    const a = attributes(tag);
    if (a.numFmtId && a.formatCode !== undefined) custom.set(Number(a.numFmtId), decodeXmlText(a.formatCode));
  }
  const isDate = (id: number) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id);
  };
  const prefix = /<(?:(\w+):)?cellXfs(?=[\s/>])/.exec(styles)?.[1];
  const section = firstElement(styles, elementName(prefix ? `${prefix}:` : '', 'cellXfs')) ?? '';
  const dates = new Set<number>();
  let index = 0;
  for (const tag of startTags(section, 'xf')) {
    if (isDate(Number(attributes(tag).numFmtId ?? 0))) dates.add(index);
    index++;
  }
  return dates;
}

const sharedStringsTooLarge = () => new AppError('VALIDATION_FAILED', FILE_MESSAGES.sharedStringsTooLarge);
const rowTooLong = () => new AppError('VALIDATION_FAILED', FILE_MESSAGES.xlsxRowTooLong);
const notXml = () => new AppError('VALIDATION_FAILED', FILE_MESSAGES.unreadable('xlsx'));

async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, unpacked: Unpacked): Promise<StringTable> {
  const strings = new StringTable();
  if (!entry) return strings;
  if (entry.uncompressedSize > FILE_LIMITS.maxSharedStringsBytes) throw sharedStringsTooLarge();
  const pieces = elementPieces(entryText(zip, entry, unpacked), { root: 'sst', element: 'si', maxPending: FILE_LIMITS.maxSharedStringsBytes, tooLong: sharedStringsTooLarge, notXml });
  for await (const { xml, prefix } of pieces) {
    const names = namesFor(prefix);
    forEachElement(xml, names.si, (_, content) => {
      if (strings.size >= FILE_LIMITS.maxSharedStrings) throw sharedStringsTooLarge();
      strings.push(content ? runText(content, names) : '');
    });
  }
  strings.seal();
  return strings;
}

type SheetContext = { strings: StringTable; dates: Set<number>; epochMs: number; names: Names };

function cellValue(attrs: CellAttrs, content: string | null, ctx: SheetContext): string {
  const type = attrs.t;
  if (!content) return '';
  if (type === 'inlineStr') {
    const inline = firstElement(content, ctx.names.is);
    return inline ? runText(inline, ctx.names) : '';
  }
  const v = firstElement(content, ctx.names.v);
  if (!v) return '';
  switch (type) {
    case 's':
      return ctx.strings.get(Number(v)) ?? '';
    case 'str':
    case 'e':
      return decodeXmlText(v);
    case 'b':
      return v === '1' || v === 'true' ? 'TRUE' : 'FALSE';
    case 'd':
      // ISO 8601 without a zone is wall time: read it as UTC, as serial dates are.
      return dateText(new Date(v.includes('T') && !/(?:Z|[+-]\d\d:?\d\d)$/i.test(v) ? `${v}Z` : v)) || decodeXmlText(v);
    default: {
      const number = Number(v);
      if (Number.isNaN(number)) return decodeXmlText(v);
      if (attrs.s !== undefined && ctx.dates.has(Number(attrs.s))) return dateText(new Date(ctx.epochMs + Math.round(number * DAY_MS)));
      return numberText(number);
    }
  }
}

/** Rows read so far, blank ones included: the fallback row number of a row without `r`. */
type RowCounter = { rows: number; kept: number };

function parseRows(xml: string, ctx: SheetContext, counter: RowCounter, out: string[][]) {
  forEachElement(xml, ctx.names.row, (rowAttrs, body) => {
    counter.rows++;
    if (!body) return;
    const cells: string[] = [];
    let blank = true;
    const rowNumber = () => Number(cellAttr(rowAttrs, 'r')) || counter.rows;
    forEachElement(body, ctx.names.c, (source, content) => {
      const attrs = cellAttrs(source);
      let col = columnOf(attrs.r);
      if (col < 0) col = cells.length;
      if (col >= FILE_LIMITS.maxColumns) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.tooManyColumns(rowNumber()));
      const value = cellValue(attrs, content, ctx);
      if (col >= cells.length) {
        while (cells.length < col) cells.push('');
        cells.push(value);
      } else {
        cells[col] = value;
      }
      if (blank && value.length > 0 && value.trim().length > 0) blank = false;
    });
    if (blank) return;
    // The header and FILE_LIMITS.maxRows data rows.
    if (++counter.kept > FILE_LIMITS.maxRows + 1) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.tooManyRows);
    out.push(cells);
  });
}

/**
 * Rows of the first worksheet (in tab order) of an .xlsx as text cells, in batches; blank rows
 * skipped. Numbers print as Excel shows them at full precision, date-formatted numbers as ISO
 * dates, booleans as TRUE/FALSE, formulas as their cached result, rich text joined.
 */
export async function* readXlsxRowBatches(filePath: string, batchSize: number): AsyncGenerator<string[][]> {
  const { zip, entries } = await openCheckedZip(filePath);
  const unpacked: Unpacked = { bytes: 0 };
  try {
    const parts = await workbookParts(zip, entries, unpacked);
    const sheet = parts.sheet ? entries.get(parts.sheet) : undefined;
    if (!sheet) return;
    const strings = await sharedStrings(zip, parts.sharedStrings ? entries.get(parts.sharedStrings) : undefined, unpacked);
    const dates = dateStyles(await wholeEntry(zip, parts.styles ? entries.get(parts.styles) : undefined, unpacked), (await loadSheetJs()).SSF.is_date);
    const epochMs = parts.date1904 ? EPOCH_1904_MS : EPOCH_1900_MS;
    const counter: RowCounter = { rows: 0, kept: 0 };
    let batch: string[][] = [];
    const pieces = elementPieces(entryText(zip, sheet, unpacked), { root: 'worksheet', element: 'row', maxPending: FILE_LIMITS.maxRowXmlChars, tooLong: rowTooLong, notXml });
    for await (const { xml, prefix } of pieces) {
      parseRows(xml, { strings, dates, epochMs, names: namesFor(prefix) }, counter, batch);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } catch (error) {
    throw error instanceof AppError ? error : new AppError('VALIDATION_FAILED', FILE_MESSAGES.unreadable('xlsx'), { cause: error });
  } finally {
    zip.close();
  }
}
