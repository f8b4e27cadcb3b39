import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError, FILE_MESSAGES } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { CsvRowDecoder } from './csv-read.js';
import { readTableBatches, summarizeTable } from './table.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-csv-read-'));
const file = (name: string, content: Buffer | string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

/** All rows of `bytes` pushed in pieces of `step` bytes. */
function decodeAll(bytes: Buffer, step: number) {
  const decoder = new CsvRowDecoder();
  const rows: string[][] = [];
  for (let i = 0; i < bytes.length; i += step) rows.push(...decoder.push(bytes.subarray(i, i + step)));
  rows.push(...decoder.end());
  return rows;
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.message}`;
    throw error;
  }
  return undefined;
}

const TEXT = 'Full Name,Company\r\nZoë Quinn,"Acme, Inc."\r\nLi 李 😀,Globex\r\n';
const EXPECTED = [['Full Name', 'Company'], ['Zoë Quinn', 'Acme, Inc.'], ['Li 李 😀', 'Globex']];
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('CsvRowDecoder', () => {
  it('reads UTF-16LE and UTF-16BE files by their BOM, in pieces of any size', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)]);
    for (const step of [1, 3, 7, 1 << 20]) {
      expect(decodeAll(le, step), `LE by ${step}`).toEqual(EXPECTED);
      expect(decodeAll(be, step), `BE by ${step}`).toEqual(EXPECTED);
    }
  });

  it('refuses a quote that is never closed with its line, instead of merging the rest of the file into one cell', () => {
    expect(refusal(() => decodeAll(Buffer.from('Full Name,Email\nAnn,a@x.io\n"Bob,b@x.io\nCid,c@x.io\n'), 5))).toBe(`400 ${FILE_MESSAGES.csvBadQuote(3)}`);
    expect(refusal(() => decodeAll(Buffer.from('Full Name,Email\r\nAnn,a@x.io\r\n"Bob" Jr,b@x.io\r\nCid,"c@x.io"\r\n'), 1 << 20))).toBe(`400 ${FILE_MESSAGES.csvBadQuote(3)}`);
    const long = `Full Name\n${'Ann\n'.repeat(100_000)}"Bob\n${'Cid\n'.repeat(10)}`;
    expect(refusal(() => decodeAll(Buffer.from(long), 4096))).toBe(`400 ${FILE_MESSAGES.csvBadQuote(100_002)}`);
    // Quotes inside a cell, and line breaks inside a quoted cell, are fine.
    expect(decodeAll(Buffer.from('Full Name,Note\nAnn "Oz" Lee,"two\nlines"\n'), 3)).toEqual([['Full Name', 'Note'], ['Ann "Oz" Lee', 'two\nlines']]);
  });

  it('refuses a header of 100,000 columns as soon as the header has been read', () => {
    const header = `${Array.from({ length: 100_000 }, (_, i) => `Column ${i}`).join(',')}\n`;
    const decoder = new CsvRowDecoder();
    expect(refusal(() => decoder.push(Buffer.from(header)))).toBe(`400 ${FILE_MESSAGES.tooManyColumns(1)}`);
    expect(decodeAll(Buffer.from(`${Array.from({ length: 1000 }, (_, i) => `C${i}`).join(',')}\nx\n`), 1 << 20)[0]).toHaveLength(1000);
  });
});

describe('reading uploaded CSV files', () => {
  it('summarises and reads a UTF-16 file like its UTF-8 twin', async () => {
    const p = file('utf16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]));
    expect(await summarizeTable(p, 'csv')).toEqual({ headers: ['Full Name', 'Company'], rowCount: 2, blankCounts: [0, 0] });
    const batches = [];
    for await (const batch of readTableBatches(p, 'csv')) batches.push(batch);
    expect(batches).toEqual([{ headers: ['Full Name', 'Company'], rows: EXPECTED.slice(1), firstRowNumber: 1 }]);
  });

  it('drops NUL characters from header cells, which no database text can hold', async () => {
    expect((await summarizeTable(file('nul-header.csv', 'Full\u0000 Name,Email\nAnn,a@x.io\n'), 'csv')).headers).toEqual(['Full Name', 'Email']);
  });
});
