// Reads files at once in this process, as five concurrent uploads would be summarised, and
// prints one JSON line: each file's outcome and the process's peak RSS. Run by hostile.test.ts
// under a small --max-old-space-size, so a reader that holds too much crashes the process.
//   node --import tsx --max-old-space-size=384 apps/server/src/test/read-hostile-files.ts FILE...
import path from 'node:path';
import { AppError } from '@leadline/shared';
import { fileTypeOf, summarizeTable } from '../lib/files/index.js';

const outcomes = await Promise.all(
  process.argv.slice(2).map(async (file) => {
    try {
      const summary = await summarizeTable(file, fileTypeOf(file)!);
      return { file: path.basename(file), rows: summary.rowCount };
    } catch (error) {
      return { file: path.basename(file), refusal: error instanceof AppError ? error.message : String(error) };
    }
  }),
);
console.log(JSON.stringify({ outcomes, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
