// File layer benchmark, run by hand:
//   node --import tsx bench/files.ts [--dir /tmp/leadline-bench-files] [--csv-mib 1024] [--xlsx-cells 1000000] [--export-rows 1000000] [--only parse,xlsx]
// Generates (once; kept for reuse) a ~1 GiB prospect CSV and a ~1M-cell .xlsx, then measures, each
// phase in its own process so peak RSS is that phase's own (CPU seconds are printed too: on a
// shared machine wall time also counts other people's work):
//   parse   readTableBatches over the CSV: MiB/s, rows/s, peak RSS
//   tap     the upload path: the CSV piped through CsvSummaryTap to a file, MiB/s, peak RSS
//   xlsx    readTableBatches over the .xlsx: cells/s, peak RSS
//   export  createCsvStream of N 12-column rows to a file: rows/s, time to first byte, peak RSS
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { createCsvStream, CsvSummaryTap, readTableBatches } from '../apps/server/src/lib/files/index.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/leadline-bench-files' },
    'csv-mib': { type: 'string', default: '1024' },
    'xlsx-cells': { type: 'string', default: '1000000' },
    'export-rows': { type: 'string', default: '1000000' },
    phase: { type: 'string' },
    /** Comma-separated phases to run (default: all). */
    only: { type: 'string' },
  },
});
const dir = values.dir!;
const csvPath = path.join(dir, `prospects-${values['csv-mib']}mib.csv`);
const xlsxPath = path.join(dir, `prospects-${values['xlsx-cells']}cells.xlsx`);
const exportPath = path.join(dir, `export-${values['export-rows']}rows.csv`);
const tapCopyPath = path.join(dir, 'upload-copy.csv');

const HEADERS = ['Full Name', 'Job Title', 'Job Level', 'Department', 'Company', 'Email', 'Phone', 'Company Domain', 'Country', 'City', 'LinkedIn URL'];
const FIRST = ['Ann', 'Bob', 'Cid', 'Dee', 'Zoë', 'José', 'Li', 'Amara', 'Olivia', 'Noah', "O'Brien", 'Mia'];
const LAST = ['Lee', 'Stone', 'Moss', 'Ray', 'García', 'Müller', 'Nguyen', 'Smith, Jr.', 'Kowalski', 'Okafor'];
const TITLES = ['VP of Sales', 'Software Engineer', 'Head of Marketing', 'Account Executive', 'CTO', 'Sales "Ninja"', 'Operations Manager'];
const LEVELS = ['vp', 'senior', 'director', 'entry', 'cxo', 'manager'];
const DEPARTMENTS = ['sales', 'engineering', 'marketing', 'operations', 'finance'];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella Corp', 'Stark Industries', 'Wayne Enterprises', 'Hooli', 'Vandelay, Inc.'];
const PLACES = [['united states', 'austin'], ['germany', 'berlin'], ['canada', 'toronto'], ['france', 'paris'], ['japan', '東京']];

/** A deterministic prospect row (about 230 bytes as CSV). */
function prospect(i: number): string[] {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const company = COMPANIES[(i * 13) % COMPANIES.length]!;
  const domain = `${company.toLowerCase().replace(/[^a-z]/g, '')}.com`;
  const [country, city] = PLACES[(i * 3) % PLACES.length]!;
  return [
    `${first} ${last}`,
    TITLES[(i * 5) % TITLES.length]!,
    LEVELS[i % LEVELS.length]!,
    DEPARTMENTS[(i * 11) % DEPARTMENTS.length]!,
    company,
    i % 10 === 0 ? '' : `${first.toLowerCase()}.${i}@${domain}`,
    i % 4 === 0 ? '' : `+1 555 ${String(i % 10_000_000).padStart(7, '0')}`,
    domain,
    country!,
    city!,
    `linkedin.com/in/${first.toLowerCase()}-${last.toLowerCase().replace(/[^a-z]/g, '')}-${i}`,
  ];
}
const csvLine = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',') + '\r\n';

async function generateCsv(targetBytes: number) {
  if (fs.existsSync(csvPath) && fs.statSync(csvPath).size >= targetBytes) return;
  const started = performance.now();
  const out = fs.createWriteStream(csvPath);
  let written = 0;
  let i = 0;
  const write = (text: string) => new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
  await write(csvLine(HEADERS));
  while (written < targetBytes) {
    let chunk = '';
    for (let k = 0; k < 5000; k++) chunk += csvLine(prospect(i++));
    written += Buffer.byteLength(chunk);
    await write(chunk);
  }
  await new Promise((resolve) => out.end(resolve));
  console.log(`generated ${csvPath}: ${i.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function generateXlsx(cells: number) {
  if (fs.existsSync(xlsxPath)) return;
  const started = performance.now();
  const rows = Math.ceil(cells / HEADERS.length);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxPath, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Prospects');
  sheet.addRow(HEADERS).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(prospect(i)).commit();
  sheet.commit();
  await workbook.commit();
  console.log(`generated ${xlsxPath}: ${rows.toLocaleString()} rows x ${HEADERS.length} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const MIB = 1024 * 1024;
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const seconds = (since: number) => (performance.now() - since) / 1000;
/** CPU seconds of this process since `since`: on a shared machine, wall time also counts other people's work. */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

async function phaseParse() {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let rows = 0;
  for await (const batch of readTableBatches(csvPath, 'csv')) rows += batch.rows.length;
  const s = seconds(started);
  const mib = fs.statSync(csvPath).size / MIB;
  const c = cpuSeconds(cpu);
  return { rows, seconds: s, mibPerSecond: mib / s, rowsPerSecond: rows / s, cpuSeconds: c, mibPerCpuSecond: mib / c, peakRssMb: peakRssMb() };
}

async function phaseTap() {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const tap = new CsvSummaryTap();
  await pipeline(fs.createReadStream(csvPath, { highWaterMark: 64 * 1024 }), tap, fs.createWriteStream(tapCopyPath));
  const s = seconds(started);
  const c = cpuSeconds(cpu);
  const summary = tap.summary();
  fs.rmSync(tapCopyPath);
  const mib = fs.statSync(csvPath).size / MIB;
  return { rows: summary.rowCount, seconds: s, mibPerSecond: mib / s, cpuSeconds: c, mibPerCpuSecond: mib / c, peakRssMb: peakRssMb() };
}

async function phaseXlsx() {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let cells = 0;
  let rows = 0;
  for await (const batch of readTableBatches(xlsxPath, 'xlsx')) {
    rows += batch.rows.length;
    cells += batch.rows.length * batch.headers.length;
  }
  const s = seconds(started);
  const c = cpuSeconds(cpu);
  return { rows, cells, seconds: s, cellsPerSecond: cells / s, cpuSeconds: c, cellsPerCpuSecond: cells / c, peakRssMb: peakRssMb() };
}

async function phaseExport() {
  const total = Number(values['export-rows']);
  const BATCH = 5000;
  // Twelve columns: the eleven accepted headers and a created-at, as a list download has.
  const pool = Array.from({ length: 8 }, (_, b) => Array.from({ length: BATCH }, (_, r) => [...prospect(b * BATCH + r), '2026-11-22T07:00:00.000Z']));
  async function* batches() {
    for (let sent = 0, b = 0; sent < total; sent += BATCH, b++) {
      await new Promise((resolve) => setImmediate(resolve)); // a database round trip's worth of yielding
      yield pool[b % pool.length]!.slice(0, Math.min(BATCH, total - sent));
    }
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  let firstByteMs = -1;
  let bytes = 0;
  const file = fs.createWriteStream(exportPath);
  await pipeline(
    createCsvStream([...HEADERS, 'Created At'], batches()),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        if (file.write(chunk)) callback();
        else file.once('drain', callback);
      },
      final(callback) {
        file.end(callback);
      },
    }),
  );
  const s = seconds(started);
  const c = cpuSeconds(cpu);
  return { rows: total, seconds: s, rowsPerSecond: total / s, cpuSeconds: c, rowsPerCpuSecond: total / c, mib: bytes / MIB, firstByteMs, peakRssMb: peakRssMb() };
}

const PHASES: Record<string, () => Promise<Record<string, number>>> = { parse: phaseParse, tap: phaseTap, xlsx: phaseXlsx, export: phaseExport };
const only = values.only?.split(',');

if (values.phase) {
  const result = await PHASES[values.phase]!();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  fs.mkdirSync(dir, { recursive: true });
  console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, node ${process.version}`);
  await generateCsv(Number(values['csv-mib']) * MIB);
  await generateXlsx(Number(values['xlsx-cells']));
  const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const phase of Object.keys(PHASES).filter((p) => !only || only.includes(p))) {
    const args = process.argv.slice(1).concat(['--phase', phase]);
    const child = spawnSync(process.execPath, [...process.execArgv, ...args], { encoding: 'utf8', maxBuffer: 10 * MIB });
    if (child.status !== 0) {
      console.error(`${phase} failed:\n${child.stderr}`);
      process.exitCode = 1;
      continue;
    }
    const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Record<string, number>;
    console.log(`${phase.padEnd(7)} ${Object.entries(result).map(([k, v]) => `${k}=${fmt(v)}`).join('  ')}`);
  }
  console.log(`files kept: ${csvPath} (${(fs.statSync(csvPath).size / MIB).toFixed(0)} MiB), ${xlsxPath} (${(fs.statSync(xlsxPath).size / MIB).toFixed(1)} MiB), ${exportPath}`);
}
