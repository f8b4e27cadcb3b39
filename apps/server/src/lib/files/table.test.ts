import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { AppError, FILE_MESSAGES } from '@leadline/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CsvRowDecoder, CsvSummaryTap, MAX_CSV_ROW_CHARS } from './csv-read.js';
import { dateText, numberText } from './excel.js';
import { decodeXmlText } from './xlsx-reader.js';
import { fileTypeOf, readTableBatches, summarizeTable, type FileType } from './table.js';
import { assertSafeZip } from './zip-guard.js';
import { writeZip } from '../../test/zip-fixture.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-table-'));
const file = (name: string, content: string | Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};
async function readAll(p: string, type: FileType, batchSize = 5000) {
  const batches = [];
  for await (const batch of readTableBatches(p, type, batchSize)) batches.push(batch);
  return batches;
}

describe('fileTypeOf', () => {
  it('knows csv, xls and xlsx by extension only', () => {
    expect(fileTypeOf('Leads.CSV')).toBe('csv');
    expect(fileTypeOf('a.b.xlsx')).toBe('xlsx');
    expect(fileTypeOf('old.xls')).toBe('xls');
    expect(fileTypeOf('notes.txt')).toBeNull();
    expect(fileTypeOf('csv')).toBeNull();
    expect(fileTypeOf('archive.xlsx.zip')).toBeNull();
  });
});

describe('readTableBatches on CSV', () => {
  it('reads the header, skips blank lines, strips the BOM and fits rows to the header', async () => {
    const p = file('a.csv', '\uFEFFFull Name,Email,Phone\r\n\r\nAnn,ann@x.io\r\n   \r\n"Lee, Bob","b@x.io",1,extra\r\n"multi\nline",,\r\n');
    const batches = await readAll(p, 'csv', 2);
    expect(batches.map((b) => b.firstRowNumber)).toEqual([1, 3]);
    expect(batches[0]!.headers).toEqual(['Full Name', 'Email', 'Phone']);
    expect(batches.flatMap((b) => b.rows)).toEqual([
      ['Ann', 'ann@x.io', ''],
      ['Lee, Bob', 'b@x.io', '1'],
      ['multi\nline', '', ''],
    ]);
  });

  it('guesses a semicolon file and keeps a one-column file whole', async () => {
    const semi = await readAll(file('semi.csv', 'Full Name;Company\nAnn;Acme, Inc.\n'), 'csv');
    expect(semi[0]!.rows).toEqual([['Ann', 'Acme, Inc.']]);
    const single = await readAll(file('single.csv', 'Company Names\nAcme; Inc\nGlobex; Ltd\n'), 'csv');
    expect(single[0]!.rows).toEqual([['Acme; Inc'], ['Globex; Ltd']]);
  });

  it('yields nothing for an empty file or a header alone', async () => {
    expect(await readAll(file('empty.csv', ''), 'csv')).toEqual([]);
    expect(await readAll(file('header.csv', 'Full Name\r\n\r\n'), 'csv')).toEqual([]);
    expect(await summarizeTable(path.join(dir, 'header.csv'), 'csv')).toEqual({ headers: ['Full Name'], rowCount: 0, blankCounts: [0] });
  });

  it('parses the same rows however the bytes are chunked, even inside a UTF-8 character', () => {
    const text = '\uFEFFName,Note\r\nZoë,"日本, 😀"\r\n\r\n"a ""q""",\r\nlast,row';
    const bytes = Buffer.from(text, 'utf8');
    const whole = new CsvRowDecoder();
    const expected = [...whole.push(bytes), ...whole.end()];
    for (const size of [1, 2, 3, 5, 64]) {
      const decoder = new CsvRowDecoder();
      const rows: string[][] = [];
      for (let i = 0; i < bytes.length; i += size) rows.push(...decoder.push(bytes.subarray(i, i + size)));
      rows.push(...decoder.end());
      expect(rows).toEqual(expected);
    }
    expect(expected).toEqual([['Name', 'Note'], ['Zoë', '日本, 😀'], ['a "q"', ''], ['last', 'row']]);
  });

  it('refuses a row longer than the limit (an unmatched quote)', () => {
    const decoder = new CsvRowDecoder();
    decoder.push('Name\n"never closed');
    const chunk = 'x'.repeat(1024 * 1024);
    expect(() => {
      for (let i = 0; i <= MAX_CSV_ROW_CHARS / chunk.length + 1; i++) decoder.push(chunk);
    }).toThrow(FILE_MESSAGES.csvRowTooLong);
  });

  it('keeps memory bounded by reading the file only as batches are taken', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `person ${i},p${i}@x.io`).join('\n');
    const p = file('big.csv', `Name,Email\n${rows}\n`);
    const iterator = readTableBatches(p, 'csv', 100);
    const first = await iterator.next();
    expect(first.value?.rows).toHaveLength(100);
    await iterator.return(undefined);
    let count = 0;
    for await (const batch of readTableBatches(p, 'csv', 7000)) {
      expect(batch.firstRowNumber).toBe(count + 1);
      count += batch.rows.length;
    }
    expect(count).toBe(60_000);
  });
});

describe('CsvSummaryTap', () => {
  it('summarises the bytes passing through and passes them on unchanged', async () => {
    const content = Buffer.from('Full Name,Email, \n\nAnn,\n  ,b@x.io\nCid,c@x.io\n');
    const tap = new CsvSummaryTap();
    const out: Buffer[] = [];
    tap.on('data', (chunk: Buffer) => out.push(chunk));
    for (let i = 0; i < content.length; i += 4) tap.write(content.subarray(i, i + 4));
    tap.end();
    await new Promise((resolve) => tap.on('end', resolve));
    expect(Buffer.concat(out)).toEqual(content);
    expect(tap.summary()).toEqual({ headers: ['Full Name', 'Email'], rowCount: 3, blankCounts: [1, 1] });
  });
});

describe('Excel cells', () => {
  it('turns values into plain text', () => {
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(15551234567)).toBe('15551234567');
    expect(numberText(-0)).toBe('0');
    expect(dateText(new Date(Date.UTC(2024, 0, 15)))).toBe('2024-01-15');
    expect(dateText(new Date(Date.UTC(2024, 0, 15, 9, 5)))).toBe('2024-01-15T09:05:00.000Z');
    expect(decodeXmlText('a &amp; b &lt;c&gt; &quot;d&quot; &#233;&#x1F600; line_x000D_\r\nend')).toBe('a & b <c> "d" é😀 line\r\nend');
  });
});

/** A workbook written by hand, with what other producers do: prefixes, inline strings, tabs stored out of order. */
function handWrittenXlsx() {
  const x = (s: string) => Buffer.from(s, 'utf8');
  const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return writeZip([
    { name: '[Content_Types].xml', data: x('<Types/>') },
    { name: '_rels/.rels', data: x('<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>') },
    // The second tab's part is stored first; the first tab is sheet2.xml.
    { name: 'xl/worksheets/sheet1.xml', data: x(`<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>wrong tab</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`) },
    { name: 'xl/workbook.xml', data: x(`<x:workbook ${ns}><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Leads" sheetId="7" r:id="rId2"/><x:sheet name="Other" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: x('<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>') },
    { name: 'xl/styles.xml', data: x('<x:styleSheet><x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="dd/mm/yyyy&quot; at &quot;hh:mm"/></x:numFmts><x:cellXfs count="3"><x:xf numFmtId="0"/><x:xf numFmtId="164"/><x:xf numFmtId="14"/></x:cellXfs></x:styleSheet>') },
    { name: 'xl/sharedStrings.xml', data: x('<x:sst><x:si><x:t>Full Name</x:t></x:si><x:si><x:t xml:space="preserve">Since </x:t></x:si><x:si><x:r><x:rPr><x:b/></x:rPr><x:t>Zo</x:t></x:r><x:r><x:t>ë &amp; co</x:t></x:r><x:rPh><x:t>ゾ</x:t></x:rPh></x:si><x:si/></x:sst>') },
    {
      name: 'xl/worksheets/sheet2.xml',
      data: x(
        `<x:worksheet ${ns}><x:sheetData>` +
          '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>Score</x:t></x:is></x:c><x:c r="E1" t="inlineStr"><x:is><x:t>Flag</x:t></x:is></x:c></x:row>' +
          '<x:row r="2"/><x:row r="3"><x:c r="A3" t="s"><x:v>3</x:v></x:c></x:row>' +
          '<x:row r="4"><x:c r="A4" t="s"><x:v>2</x:v></x:c><x:c r="B4" s="2"><x:v>0</x:v></x:c><x:c r="C4"><x:f>1/3</x:f><x:v>0.33333333333333331</x:v></x:c><x:c r="E4" t="b"><x:v>1</x:v></x:c></x:row>' +
          '<x:row r="6"><x:c r="A6" t="str"><x:f>"a"&amp;"b"</x:f><x:v>a_x000D_b</x:v></x:c><x:c r="B6" s="1"><x:v>0.5</x:v></x:c><x:c r="D6" t="e"><x:v>#N/A</x:v></x:c></x:row>' +
          '<x:row r="7"><x:c r="A7" t="inlineStr"><x:is><x:r><x:t xml:space="preserve"/></x:r><x:r><x:t>Eve</x:t></x:r></x:is></x:c><x:c r="B7" t="d"><x:v>2024-02-03T04:05:06</x:v></x:c></x:row>' +
          '</x:sheetData></x:worksheet>',
      ),
    },
  ]);
}

describe('readTableBatches on Excel', () => {
  it('streams the first worksheet of an .xlsx as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prospects');
    sheet.addRow(['Full Name', 'Since', 'Score', 'Bio', 'Calc']);
    sheet.addRow(['Ann', new Date(Date.UTC(2024, 0, 15)), 0.1 + 0.2, { richText: [{ text: 'Hi ' }, { text: 'there' }] }, { formula: 'C2*2', result: 0.6 }]);
    sheet.addRow([]);
    sheet.addRow(['Bob', null, 42]);
    workbook.addWorksheet('Other').addRow(['not read']);
    const p = path.join(dir, 'a.xlsx');
    await workbook.xlsx.writeFile(p);

    const batches = await readAll(p, 'xlsx');
    expect(batches).toEqual([
      {
        headers: ['Full Name', 'Since', 'Score', 'Bio', 'Calc'],
        rows: [
          ['Ann', '2024-01-15', '0.3', 'Hi there', '0.6'],
          ['Bob', '', '42', '', ''],
        ],
        firstRowNumber: 1,
      },
    ]);
    expect(await summarizeTable(p, 'xlsx')).toEqual({ headers: ['Full Name', 'Since', 'Score', 'Bio', 'Calc'], rowCount: 2, blankCounts: [0, 1, 0, 1, 1] });
  });

  it('reads what other producers write: prefixes, inline strings, rich text, styles, 1904 dates, tab order', async () => {
    const p = file('hand.xlsx', handWrittenXlsx());
    expect(await readAll(p, 'xlsx')).toEqual([
      {
        headers: ['Full Name', 'Since ', 'Score', '', 'Flag'],
        rows: [
          ['Zoë & co', '1904-01-01', '0.333333333333333', '', 'TRUE'],
          ['a\rb', '1904-01-01T12:00:00.000Z', '', '#N/A', ''],
          ['Eve', '2024-02-03T04:05:06.000Z', '', '', ''],
        ],
        firstRowNumber: 1,
      },
    ]);
  });

  it('reads a legacy .xls, dates as ISO whatever the time zone', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Full Name', 'Since', 'Score'], ['Ann', 45306, 0.30000000000000004], [], ['Bob', '', 7]]);
    sheet['B2']!.z = 'yyyy-mm-dd';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S1');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['other']]), 'S2');
    const p = file('a.xls', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    const batches = await readAll(p, 'xls');
    expect(batches[0]!.headers).toEqual(['Full Name', 'Since', 'Score']);
    expect(batches[0]!.rows).toEqual([
      ['Ann', '2024-01-15', '0.3'],
      ['Bob', '', '7'],
    ]);
  });

  it('reads an .xlsx saved under .xls through the streaming reader', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('S').addRows([['Full Name'], ['Ann']]);
    const p = path.join(dir, 'really-xlsx.xls');
    await workbook.xlsx.writeFile(p);
    expect((await readAll(p, 'xls'))[0]!.rows).toEqual([['Ann']]);
  });

  it('refuses a file named .xlsx that is not a zip, and a corrupt workbook', async () => {
    await expect(readAll(file('fake.xlsx', 'Full Name\nAnn\n'), 'xlsx')).rejects.toThrow(FILE_MESSAGES.notXlsx);
    await expect(readAll(file('nobook.xlsx', writeZip([{ name: 'hello.txt', data: Buffer.from('hi') }])), 'xlsx')).rejects.toThrow(FILE_MESSAGES.unreadable('xlsx'));
    const truncated = fs.readFileSync(path.join(dir, 'a.xlsx')).subarray(0, 2000);
    await expect(readAll(file('cut.xlsx', truncated), 'xlsx')).rejects.toBeInstanceOf(AppError);
  });
});

describe('assertSafeZip', () => {
  it('accepts a real workbook', async () => {
    const check = await assertSafeZip(path.join(dir, 'a.xlsx'));
    expect(check.entryCount).toBeGreaterThan(5);
  });

  it('refuses a highly compressed entry before unpacking it', async () => {
    const p = file('bomb.xlsx', writeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024, 0x20) }]));
    expect(fs.statSync(p).size).toBeLessThan(100_000);
    await expect(assertSafeZip(p)).rejects.toThrow(FILE_MESSAGES.zipBomb);
  });

  it('refuses too many entries and too much declared data', async () => {
    const many = writeZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })));
    await expect(assertSafeZip(file('many.xlsx', many))).rejects.toThrow(FILE_MESSAGES.zipBomb);
    const liar = writeZip(
      Array.from({ length: 3 }, (_, i) => ({ name: `xl/big${i}.xml`, data: Buffer.from('x'.repeat(100)), declaredSize: 0xffff_fff0 })),
    );
    await expect(assertSafeZip(file('liar.xlsx', liar))).rejects.toThrow(FILE_MESSAGES.zipBomb);
  });
});
