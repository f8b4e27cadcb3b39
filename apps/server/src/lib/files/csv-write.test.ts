import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCsvStream, CrlfRecords, encodeCsvRow, escapeFormulaCell, unescapeFormulaCell } from './csv-write.js';
import { readTableBatches } from './table.js';
import { seededRandom } from '../../test/random.js';

const PIECES = ['a', 'Zoë', '日本', '😀', ',', '"', '""', '\n', '\r\n', '\r', '\t', ' ', "'", '=', '+', '-', '@', '=SUM(A1:A2)', "'=", "''+", 'é', ';', '0', '1.50'];
function randomCell(next: () => number): string {
  const length = Math.floor(next() * 6);
  let cell = '';
  for (let i = 0; i < length; i++) cell += PIECES[Math.floor(next() * PIECES.length)];
  return cell;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, new Writable({ write(chunk, _e, cb) { chunks.push(chunk); cb(); } }));
  return Buffer.concat(chunks);
}

describe('formula escaping', () => {
  it('prefixes an apostrophe to cells a spreadsheet would run', () => {
    for (const cell of ['=1+1', '+1 555', '-2', '@SUM(A1)', '\tx', '\rx']) expect(escapeFormulaCell(cell)).toBe(`'${cell}`);
    for (const cell of ['', 'plain', "'quoted", 'a=b', ' =1']) expect(escapeFormulaCell(cell)).toBe(cell);
  });

  it('escapes cells that already look escaped, so unescaping is exact', () => {
    expect(escapeFormulaCell("'=1")).toBe("''=1");
    expect(unescapeFormulaCell("''=1")).toBe("'=1");
    expect(unescapeFormulaCell("'=1")).toBe('=1');
    expect(unescapeFormulaCell("'plain")).toBe("'plain");
  });

  it('round-trips every generated cell', () => {
    const next = seededRandom(7);
    for (let i = 0; i < 20_000; i++) {
      const cell = randomCell(next);
      expect(unescapeFormulaCell(escapeFormulaCell(cell))).toBe(cell);
    }
  });
});

describe('createCsvStream', () => {
  it('writes RFC 4180 with CRLF, a BOM and quotes only where needed', async () => {
    const body = await collect(createCsvStream(['Name', 'Note'], [[['Ann', 'says "hi", then\nleaves'], ['=cmd', null]]]));
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.subarray(3).toString('utf8')).toBe('Name,Note\r\nAnn,"says ""hi"", then\nleaves"\r\n\'=cmd,\r\n');
  });

  it('sends the header before asking for the first batch and pulls batches only as read', async () => {
    let pulled = 0;
    async function* batches() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield Array.from({ length: 1000 }, (_, r) => [`row ${i}-${r}`, 'x'.repeat(50)]);
      }
    }
    const stream = createCsvStream(['A', 'B'], batches());
    const first = await new Promise<Buffer>((resolve) => stream.once('readable', () => resolve(stream.read(3) as Buffer)));
    expect(first).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBeLessThan(10);
    stream.destroy();
  });

  it('stops the source when the consumer goes away', async () => {
    let finished = false;
    async function* batches() {
      try {
        for (;;) yield [['x']];
      } finally {
        finished = true;
      }
    }
    const stream = createCsvStream(['A'], batches());
    stream.read();
    await new Promise((resolve) => setTimeout(resolve, 10));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(finished).toBe(true);
  });

  it('re-imports an export with exactly the same values', async () => {
    const next = seededRandom(42);
    const headers = ['Full Name', 'Note', 'Other'];
    const rows = Array.from({ length: 3000 }, () => [`n${Math.floor(next() * 1e6)}`, randomCell(next), randomCell(next)]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-csv-')), 'export.csv');
    const batches = [rows.slice(0, 1000), rows.slice(1000, 2000), rows.slice(2000)];
    await pipeline(createCsvStream(headers, batches), fs.createWriteStream(file));

    const back: string[][] = [];
    for await (const batch of readTableBatches(file, 'csv', 700)) {
      expect(batch.headers).toEqual(headers);
      for (const row of batch.rows) back.push(row.map(unescapeFormulaCell));
    }
    // A row whose cells are all blank is skipped on import, as any blank line is.
    const expected = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
    expect(back).toEqual(expected);
  });

  it('encodes a row the way the stream does', () => {
    expect(encodeCsvRow(['a', undefined, '', '"'])).toBe('a,,,""""\r\n');
  });
});

describe('CrlfRecords', () => {
  it('ends records with CRLF and keeps line breaks inside quoted cells, however the input is cut', async () => {
    const next = seededRandom(11);
    const rows = Array.from({ length: 300 }, () => Array.from({ length: 4 }, () => randomCell(next)));
    const crlf = rows.map((row) => encodeCsvRow(row)).join('');
    // The same records with LF ends, as COPY writes them.
    const lf = rows.map((row) => encodeCsvRow(row).slice(0, -2) + '\n').join('');
    const bytes = Buffer.from(lf);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      const out = await collect(Readable.from(pieces).pipe(new CrlfRecords()));
      expect(out.toString('utf8')).toBe(crlf);
    }
  });
});
