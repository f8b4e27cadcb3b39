// Search under concurrent load, run by hand:
//   node --import tsx bench/search-load.ts --db pglite [--people 50000] [--connections 50] [--seconds 30]
//   node --import tsx bench/search-load.ts --db postgres --url postgres://.../db   (people loaded before,
//                                       e.g. by bench/search.ts; an empty database gets --people demo people)
//   ... --filters engineer   every request searches `keywords: engineer` instead of the 20-set mix
//   ... --profile DIR        the server writes a CPU profile (.cpuprofile) into DIR when it stops
// Starts the real server as a child process (its own event loop and, on PGlite, its one connection)
// on a fresh data folder, signs up --teams accounts (each its own team), then keeps --connections
// HTTP clients busy for --seconds: each sends first-page searches (POST /search/contacts) back to
// back, walking the filter mix from its own starting point. --dir keeps the data folder (and its
// demo people) for the next run. Prints requests/s and latency
// percentiles over the whole run, per filter set, and the answers that were not 200.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Pool } from 'undici';
import type { SearchFiltersInput } from '@leadline/shared';
import { MIX } from './search-mix.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    dir: { type: 'string' },
    people: { type: 'string', default: '50000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    teams: { type: 'string', default: '10' },
    filters: { type: 'string', default: 'mix' },
    size: { type: 'string', default: '25' },
    app: { type: 'string' },
    profile: { type: 'string' },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const teams = Number(values.teams);
const mix: Array<[string, SearchFiltersInput]> = values.filters === 'engineer' ? [['keywords engineer', { keywords: 'engineer' }]] : MIX;

// The embedded database lives in a folder of its own inside a private temporary folder, never
// directly under /tmp (opening it narrows its parent's mode).
const scratch = values.dir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-load-'));
const dataDir = values.dir ?? path.join(scratch!, 'data');
// --app: another checkout's server (with this one's node_modules linked in) for before/after figures.
const appRoot = values.app ?? path.resolve(import.meta.dirname, '..');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;

function startServer(): Promise<ChildProcess> {
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
    cwd: appRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PEOPLE: values.people,
      LOG_LEVEL: 'warn',
      SIGNUP_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '100000',
      ...(values.db === 'postgres' ? { DATABASE_URL: values.url ?? process.env.DATABASE_URL ?? '' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (/Demo data|Ready/.test(text)) process.stdout.write(`  server: ${text.trim().split('\n').at(-1)}\n`);
      out += text;
      if (out.includes('Ready:')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
const cpuSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (x: number) => `${x.toFixed(0)} ms`.padStart(9);

const t0 = performance.now();
const server = await startServer().catch((error: unknown) => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  throw error;
});
console.log(`server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (${values.db}, data in ${values.db === 'pglite' ? dataDir : 'DATABASE_URL'})`);
const pool = new Pool(base, { connections: 1 });

try {
  const cookies: string[] = [];
  const runId = Date.now().toString(36);
  for (let i = 0; i < teams; i++) {
    const response = await pool.request({
      method: 'POST',
      path: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Load ${i}`, email: `load-${runId}-${i}@example.com`, password: 'load-bench-password', companyName: `Load team ${i}` }),
    });
    const body = await response.body.text();
    if (response.statusCode !== 201) throw new Error(`sign-up answered ${response.statusCode}: ${body}`);
    const setCookie = response.headers['set-cookie'];
    cookies.push([setCookie].flat().map((c) => String(c).split(';')[0]).join('; '));
  }

  // One keep-alive connection per client, as autocannon does: a shared pool would let a client
  // that just finished take a free connection before requests already queued for one.
  const clients = Array.from({ length: connections }, () => new Client(base, { pipelining: 1, headersTimeout: 120_000, bodyTimeout: 120_000 }));
  // Each connection is opened (and its session checked once) before the clock starts, so the run
  // measures searches rather than fifty TCP handshakes queued behind a busy event loop.
  await Promise.all(
    clients.map(async (connection, index) => {
      const response = await connection.request({ method: 'GET', path: '/api/cookies/me', headers: { cookie: cookies[index % cookies.length]! } });
      await response.body.text();
    }),
  );
  const latencies: number[] = [];
  // Once every filter set has been answered once, the answers the server keeps are warm: what
  // follows is the steady state, reported apart from the whole run (which includes the cold start).
  const answered: Array<{ sentAt: number; took: number }> = [];
  const firstAnswer = new Map<string, number>();
  const byFilter = new Map<string, number[]>(mix.map(([label]) => [label, []]));
  const failures = new Map<string, number>();
  const loadAvgBefore = os.loadavg()[0]!;
  const serverCpuBefore = cpuSeconds(server.pid!);
  const start = performance.now();
  const end = start + seconds * 1000;

  const client = async (index: number) => {
    const cookie = cookies[index % cookies.length]!;
    const connection = clients[index]!;
    for (let n = index; performance.now() < end; n++) {
      const [label, filters] = mix[n % mix.length]!;
      const sent = performance.now();
      const response = await connection.request({
        method: 'POST',
        path: '/search/contacts',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ params: { ...filters, size: Number(values.size) } }),
      });
      const body = await response.body.text();
      const took = performance.now() - sent;
      if (response.statusCode === 200) {
        latencies.push(took);
        answered.push({ sentAt: sent, took });
        if (!firstAnswer.has(label)) firstAnswer.set(label, performance.now());
        byFilter.get(label)!.push(took);
      } else {
        const key = `${response.statusCode} ${body.slice(0, 120)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)));
  const elapsed = (performance.now() - start) / 1000;
  const serverCpu = cpuSeconds(server.pid!) - serverCpuBefore;
  await Promise.all(clients.map((c) => c.close()));

  const sorted = [...latencies].sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  console.log(`\nsearch under load: ${values.db}, ${Number(values.people).toLocaleString('en-US')} people wanted, ${connections} connections, ${elapsed.toFixed(1)} s, ${teams} teams, filters: ${values.filters} (${mix.length} sets), page size ${values.size}`);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}, load average ${loadAvgBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`);
  console.log(`requests: ${latencies.length} answered 200 (${(latencies.length / elapsed).toFixed(1)} req/s), ${failed} other`);
  // On a shared machine the server gets only part of a core: its own CPU time says what one core of it does.
  console.log(`server CPU: ${serverCpu.toFixed(1)} s over ${elapsed.toFixed(1)} s (${((100 * serverCpu) / elapsed).toFixed(0)}% of one core), ${(latencies.length / serverCpu).toFixed(1)} requests per CPU-second`);
  console.log(`latency:  p50 ${ms(pct(sorted, 50))}  p90 ${ms(pct(sorted, 90))}  p95 ${ms(pct(sorted, 95))}  p99 ${ms(pct(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}`);
  if (firstAnswer.size === mix.length) {
    const warm = Math.max(...firstAnswer.values());
    const steady = answered.filter((a) => a.sentAt >= warm).map((a) => a.took).sort((a, b) => a - b);
    const span = (Math.max(warm, ...answered.map((a) => a.sentAt + a.took)) - warm) / 1000;
    console.log(`steady state (sent after every filter set was answered once, at ${((warm - start) / 1000).toFixed(1)} s): ${steady.length} requests, ${(steady.length / span).toFixed(1)} req/s`);
    console.log(`latency:  p50 ${ms(pct(steady, 50))}  p90 ${ms(pct(steady, 90))}  p95 ${ms(pct(steady, 95))}  p99 ${ms(pct(steady, 99))}  max ${ms(steady.at(-1) ?? NaN)}`);
  }
  const slowest = [...answered].sort((x, y) => y.took - x.took).slice(0, 5);
  console.log(`slowest:  ${slowest.map((a) => `${ms(a.took).trim()} (sent at ${((a.sentAt - start) / 1000).toFixed(1)} s)`).join(', ')}`);
  console.log('\nper filter set'.padEnd(32), 'n'.padStart(6), 'p50'.padStart(9), 'p99'.padStart(9));
  for (const [label, xs] of byFilter) {
    const s = [...xs].sort((a, b) => a - b);
    console.log(label.padEnd(31), String(s.length).padStart(6), ms(pct(s, 50)), ms(pct(s, 99)));
  }
  for (const [key, n] of failures) console.log(`not 200 (${n}×): ${key}`);
} finally {
  await pool.close();
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}
