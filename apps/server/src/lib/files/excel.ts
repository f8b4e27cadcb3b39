import fsp from 'node:fs/promises';
import type * as XLSX from '@e965/xlsx';
import { AppError, FILE_MESSAGES } from '@leadline/shared';

/** SheetJS reads a whole .xls into memory; the format holds at most 65,536 rows anyway. */
export const MAX_XLS_BYTES = 100 * 1024 * 1024;

const DAY_MS = 86_400_000;
/** 1899-12-30: Excel's day 0 in the 1900 system (its 1900-02-29 bug makes this right from March 1900 on). */
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);

/** A date as ISO text: `YYYY-MM-DD` at midnight, else the full UTC timestamp (Excel dates have no zone). */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** Numbers as Excel shows them at full precision: 15 significant digits, so 0.1+0.2 reads 0.3. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return Object.is(value, -0) ? '0' : String(value);
  return String(Number(value.toPrecision(15)));
}

const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim().length === 0);

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/** Which reader a file really needs, from its first bytes: an .xlsx saved under .xls is common. */
export async function sniffSpreadsheet(path: string): Promise<'zip' | 'ole2' | 'other'> {
  const handle = await fsp.open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    if (bytesRead >= 4 && head.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
    if (bytesRead === 8 && head.equals(OLE2_MAGIC)) return 'ole2';
    return 'other';
  } finally {
    await handle.close();
  }
}

/**
 * Rows of the first sheet of a legacy .xls (SheetJS, whole file in memory, so at most
 * MAX_XLS_BYTES), in batches, blank rows skipped. Numbers formatted as dates become ISO text.
 */
let sheetJs: Promise<typeof XLSX> | null = null;
/** SheetJS costs some 11 MB once loaded: it loads with the first spreadsheet read, not with the process. */
export const loadSheetJs = () => (sheetJs ??= import('@e965/xlsx'));

export async function* readXlsRowBatches(path: string, batchSize: number): AsyncGenerator<string[][]> {
  const sheets = await loadSheetJs();
  const { size } = await fsp.stat(path);
  if (size > MAX_XLS_BYTES) throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.xlsTooLarge);
  let rows: string[][];
  try {
    const workbook = sheets.read(await fsp.readFile(path), { type: 'buffer', dense: true, cellNF: true, cellDates: false, cellHTML: false, cellText: false });
    const sheetName = workbook.SheetNames[0];
    const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
    const epoch = workbook.Workbook?.WBProps?.date1904 ? EPOCH_1904_MS : EPOCH_1900_MS;
    rows = sheet ? xlsSheetRows(sheet, epoch, sheets.SSF.is_date) : [];
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.unreadable('xls'), { cause: error });
  }
  for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize);
}

function xlsSheetRows(sheet: XLSX.WorkSheet, epochMs: number, isDateFormat: (format: string) => boolean): string[][] {
  const data = (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const rows: string[][] = [];
  for (const row of data) {
    if (!row) continue;
    const cells = new Array<string>(row.length);
    for (let c = 0; c < row.length; c++) cells[c] = xlsCellText(row[c], epochMs, isDateFormat);
    let width = cells.length;
    while (width > 0 && cells[width - 1] === '') width--;
    if (width === 0 || isBlankRow(cells)) continue;
    cells.length = width;
    rows.push(cells);
  }
  return rows;
}

function xlsCellText(cell: XLSX.CellObject | undefined, epochMs: number, isDateFormat: (format: string) => boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      if (typeof cell.z === 'string' && isDateFormat(cell.z)) return dateText(new Date(epochMs + Math.round(value * DAY_MS)));
      return numberText(value);
    }
    case 'd':
      return dateText(cell.v instanceof Date ? cell.v : new Date(String(cell.v)));
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '';
    default:
      return String(cell.v);
  }
}
