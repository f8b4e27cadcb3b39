import { displayCase } from '@leadline/shared';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeCsvRow, escapeFormulaCell } from '../../../lib/files/index.js';
import { DisplayCaseRecords } from './display-records.js';

/** A cell the way PostgreSQL's COPY … CSV writes it: quoted only when it holds a quote, comma or line break. */
function copyCell(value: string): string {
  const escaped = escapeFormulaCell(value);
  return /[",\r\n]/.test(escaped) ? `"${escaped.replaceAll('"', '""')}"` : escaped;
}

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = ['mechanical engineering manager', 'jetstreamly freight', 'ACME', 'o\'brien', 'café', '日本', '=SUM(A1)', '-1', '@x', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '', ' ', '😀 emoji'];

function randomRecords(random: () => number, count: number, columns: number): string[][] {
  return Array.from({ length: count }, () =>
    Array.from({ length: columns }, () => {
      const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => PIECES[Math.floor(random() * PIECES.length)]!);
      return parts.join(random() < 0.5 ? ' ' : '');
    }),
  );
}

async function transform(text: string, displayed: number[], random: () => number): Promise<string> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * 40);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new DisplayCaseRecords(displayed))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('DisplayCaseRecords', () => {
  it('writes what the streamed encoder writes, for bare and quoted records split at any byte', async () => {
    const displayed = [0, 2];
    for (let seed = 1; seed <= 30; seed++) {
      const random = seeded(seed);
      const records = randomRecords(random, 40, 4);
      const copy = records.map((record) => `${record.map(copyCell).join(',')}\n`).join('');
      const expected = records
        .map((record) => encodeCsvRow(record.map((cell, index) => (displayed.includes(index) ? displayCase(cell) : cell))))
        .join('');
      expect(await transform(copy, displayed, random)).toBe(expected);
    }
  });
});
