import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError, FILE_LIMITS, FILE_MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeHostileCorpus, writeXlsxRows, type HostileFile } from '../../test/hostile-files.js';
import { fileTypeOf, summarizeTable } from './table.js';
import { xmlScanCounter } from './xml-scan.js';
import { openCheckedZip } from './zip-guard.js';

const dir = path.join(os.tmpdir(), 'leadline-hostile-corpus');
let corpus: HostileFile[];
beforeAll(async () => {
  corpus = await writeHostileCorpus(dir);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function outcome(file: string) {
  try {
    const summary = await summarizeTable(file, fileTypeOf(file)!);
    return { rows: summary.rowCount };
  } catch (error) {
    if (error instanceof AppError) return { refusal: error.message, status: error.status };
    throw error;
  }
}

/** What the zip declares it unpacks to, when the guard lets it through. */
async function declaredUnpacked(file: string) {
  try {
    const { zip, totalUncompressedBytes } = await openCheckedZip(file);
    zip.close();
    return totalUncompressedBytes;
  } catch {
    return 0;
  }
}

describe('hostile uploads', () => {
  it('refuses each with its 400 message or reads it, scanning each character of its XML a bounded number of times (linear)', async () => {
    for (const file of corpus) {
      const unpacked = file.path.endsWith('.xlsx') ? await declaredUnpacked(file.path) : 0;
      xmlScanCounter.chars = 0;
      const result = await outcome(file.path);
      if (file.refusal) expect(result, file.name).toEqual({ refusal: file.refusal, status: 400 });
      else expect(result, file.name).toHaveProperty('rows');
      // Linear: a quadratic scan of these files examines trillions of characters.
      expect(xmlScanCounter.chars, file.name).toBeLessThanOrEqual(8 * unpacked + 1024 ** 2);
    }
  }, 120_000);

  it('reads the cells that never close, the deep nesting and shared strings at the cap as what they are', async () => {
    const byName = (name: string) => corpus.find((f) => f.name === name)!.path;
    expect(await outcome(byName('cells-never-close.xlsx'))).toEqual({ rows: 0 });
    expect(await summarizeTable(byName('deep-nesting.xlsx'), 'xlsx')).toMatchObject({ headers: ['Full Name'], rowCount: 0 });
    expect(await outcome(byName('shared-strings-at-cap.xlsx'))).toEqual({ rows: 20_000 });
  }, 60_000);

  it('refuses an .xlsx of more data rows than the cap and reads one of exactly the cap', async () => {
    const over = path.join(dir, 'rows-over-cap.xlsx');
    writeXlsxRows(over, FILE_LIMITS.maxRows + 1);
    expect(await outcome(over)).toEqual({ refusal: FILE_MESSAGES.tooManyRows, status: 400 });
    fs.rmSync(over);
    const at = path.join(dir, 'rows-at-cap.xlsx');
    writeXlsxRows(at, FILE_LIMITS.maxRows);
    expect(await outcome(at)).toEqual({ rows: FILE_LIMITS.maxRows });
    fs.rmSync(at);
  }, 300_000);

  it('reads the five worst at once in a process with a 384 MB heap, which stays under 1 GB of RSS', async () => {
    const worst = ['shared-strings-huge.xlsx', 'shared-strings-lying.xlsx', 'shared-strings-at-cap.xlsx', 'row-never-closes.xlsx', 'columns-100k.csv'];
    const files = worst.map((name) => corpus.find((f) => f.name === name)!);
    const script = path.resolve(import.meta.dirname, '../../test/read-hostile-files.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--max-old-space-size=384', script, ...files.map((f) => f.path)], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
    });
    const { outcomes, maxRssBytes } = JSON.parse(stdout) as { outcomes: Array<{ file: string; refusal?: string; rows?: number }>; maxRssBytes: number };
    expect(outcomes).toEqual(files.map((f) => (f.refusal ? { file: f.name, refusal: f.refusal } : { file: f.name, rows: 20_000 })));
    expect(maxRssBytes).toBeLessThan(1024 ** 3);
  }, 120_000);
});
