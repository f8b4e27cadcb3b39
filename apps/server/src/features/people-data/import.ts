import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DEFAULT_BATCH_SIZE, loadCompanies, loadPeople, type LoadCounts } from './loader.js';
import { parsePdlRecord, type CompanyRow, type MappedPerson } from './pdl.js';
import { linkPeopleToCompaniesByDomain } from './people-data.repository.js';

export type BadLine = { line: number; reason: string };

export type ImportSummary = {
  lines: number;
  people: LoadCounts;
  companies: LoadCounts;
  /** People linked to their employer after the file's companies arrived. */
  linked: number;
  badLines: number;
  /** The first few bad lines, with why each was refused. */
  firstBadLines: BadLine[];
  seconds: number;
};

export type ImportOptions = {
  batchSize?: number;
  /** A progress line every this many records. */
  progressEvery?: number;
  reportBadLines?: number;
  log?: (line: string) => void;
};

/**
 * Streams a People Data Labs JSONL file (people, companies or both; `.gz` too) into the
 * database. Bad lines are counted and skipped, never fatal; only a database failure stops it.
 */
export async function importPdlFile(db: Kysely<DB>, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const progressEvery = options.progressEvery ?? 50_000;
  const reportBadLines = options.reportBadLines ?? 10;
  const log = options.log ?? (() => {});
  const summary: ImportSummary = {
    lines: 0,
    people: { inserted: 0, skipped: 0 },
    companies: { inserted: 0, skipped: 0 },
    linked: 0,
    badLines: 0,
    firstBadLines: [],
    seconds: 0,
  };
  const bad = (line: number, reason: string) => {
    summary.badLines += 1;
    if (summary.firstBadLines.length < reportBadLines) summary.firstBadLines.push({ line, reason });
  };

  let people: MappedPerson[] = [];
  let companies: CompanyRow[] = [];
  let records = 0;
  let nextProgress = progressEvery;
  // Companies go first so that people in the same stretch of the file find their employer.
  const flush = async () => {
    add(summary.companies, await loadCompanies(db, companies, batchSize));
    add(summary.people, await loadPeople(db, people, batchSize));
    companies = [];
    people = [];
    if (records >= nextProgress) {
      nextProgress = (Math.floor(records / progressEvery) + 1) * progressEvery;
      log(progressLine(records, summary, started));
    }
  };

  for await (const line of readLines(file)) {
    summary.lines += 1;
    const text = summary.lines === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      bad(summary.lines, `invalid JSON: ${(error as Error).message}`);
      continue;
    }
    const parsed = parsePdlRecord(value);
    if (parsed.kind === 'bad') {
      bad(summary.lines, parsed.reason);
      continue;
    }
    records += 1;
    if (parsed.kind === 'company') companies.push(parsed.company);
    else people.push(parsed.person);
    if (people.length >= batchSize || companies.length >= batchSize) await flush();
  }
  await flush();
  if (summary.companies.inserted > 0) summary.linked = await linkPeopleToCompaniesByDomain(db);
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

function readLines(file: string): AsyncIterable<string> {
  const input = fs.createReadStream(file);
  // pipeline, not pipe: a corrupt archive must fail the read, not end it early and quietly.
  const source = file.endsWith('.gz') ? pipeline(input, zlib.createGunzip(), () => {}) : input;
  return readline.createInterface({ input: source, crlfDelay: Infinity });
}

function add(total: LoadCounts, more: LoadCounts) {
  total.inserted += more.inserted;
  total.skipped += more.skipped;
}

function progressLine(records: number, s: ImportSummary, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(records / Math.max(seconds, 0.001));
  return `${records.toLocaleString('en-US')} records (${s.people.inserted.toLocaleString('en-US')} new people, ${s.companies.inserted.toLocaleString('en-US')} new companies, ${s.badLines.toLocaleString('en-US')} bad lines), ${rate.toLocaleString('en-US')}/s`;
}

/** The closing report, one fact a line. */
export function formatImportSummary(s: ImportSummary): string {
  const lines = [
    `Read ${s.lines.toLocaleString('en-US')} lines in ${s.seconds.toFixed(1)} s.`,
    `People: ${s.people.inserted.toLocaleString('en-US')} new, ${s.people.skipped.toLocaleString('en-US')} already present.`,
    `Companies: ${s.companies.inserted.toLocaleString('en-US')} new, ${s.companies.skipped.toLocaleString('en-US')} already present.`,
  ];
  if (s.linked > 0) lines.push(`Linked ${s.linked.toLocaleString('en-US')} people to companies by website.`);
  lines.push(`Bad lines: ${s.badLines.toLocaleString('en-US')}${s.badLines ? ' (skipped)' : ''}.`);
  for (const b of s.firstBadLines) lines.push(`  line ${b.line}: ${b.reason}`);
  if (s.badLines > s.firstBadLines.length) lines.push(`  ... and ${(s.badLines - s.firstBadLines.length).toLocaleString('en-US')} more`);
  return lines.join('\n');
}
