// Hostile uploads benchmark, run by hand:
//   node --import tsx bench/hostile-uploads.ts [--dir /tmp/leadline-bench-hostile] [--scale 8]
// Generates (once; kept for reuse) the hostile corpus of apps/server/src/test/hostile-files.ts at
// `scale`, starts the real server (`main.ts serve`, embedded database, no demo people) in its
// own process, signs up, then uploads the five worst files through HTTP: each alone, then all
// five at once. Prints, per upload, the answer and its time, and the server's peak RSS (sampled
// from /proc every 20 ms, and the kernel's high-water mark at the end).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeHostileCorpus, type HostileFile } from '../apps/server/src/test/hostile-files.js';

const { values } = parseArgs({ options: { dir: { type: 'string', default: '/tmp/leadline-bench-hostile' }, scale: { type: 'string', default: '8' } } });
const WORST = ['shared-strings-at-cap.xlsx', 'shared-strings-lying.xlsx', 'row-never-closes.xlsx', 'commas-row.csv', 'rows-over-cap.csv'];
const MiB = 1024 ** 2;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, node ${process.version}`);
const started = Date.now();
const corpus = await writeHostileCorpus(path.join(values.dir!, `scale-${values.scale}`), Number(values.scale));
const files = WORST.map((name) => corpus.find((f) => f.name === name)!);
console.log(`corpus ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const f of files) console.log(`  ${f.name.padEnd(28)} ${(fs.statSync(f.path).size / MiB).toFixed(1).padStart(7)} MiB on disk`);

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-bench-hostile-server-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PEOPLE: '0', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Ready:') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const base = `http://127.0.0.1:${port}`;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, status(server.pid!, 'VmRSS'))), 20);

try {
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery', companyName: 'Bench' }),
  });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const uploadOne = async (file: HostileFile) => {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file.path), file.name);
    const t0 = performance.now();
    const response = await fetch(`${base}/api/v1/files`, { method: 'POST', body: form, headers: { cookie } });
    const body = (await response.json()) as { error?: { message: string }; data?: { rowCount: number } };
    const seconds = (performance.now() - t0) / 1000;
    const answer = body.error ? body.error.message : `accepted, ${body.data!.rowCount} rows`;
    return `  ${file.name.padEnd(28)} ${String(response.status).padEnd(4)} ${seconds.toFixed(2).padStart(6)} s  ${answer}`;
  };

  await new Promise((r) => setTimeout(r, 500));
  console.log(`server RSS after start: ${(status(server.pid!, 'VmRSS') / MiB).toFixed(0)} MiB (high-water so far, start-up included: ${(status(server.pid!, 'VmHWM') / MiB).toFixed(0)} MiB)`);
  console.log('each alone:');
  for (const file of files) {
    peak = status(server.pid!, 'VmRSS');
    const line = await uploadOne(file);
    console.log(`${line}  (peak RSS ${(peak / MiB).toFixed(0)} MiB)`);
  }
  console.log('all five at once:');
  peak = status(server.pid!, 'VmRSS');
  const t0 = performance.now();
  const lines = await Promise.all(files.map(uploadOne));
  for (const line of lines) console.log(line);
  console.log(`  together ${((performance.now() - t0) / 1000).toFixed(2)} s, server peak RSS ${(peak / MiB).toFixed(0)} MiB`);
  console.log(`server high-water RSS over the whole run (VmHWM): ${(status(server.pid!, 'VmHWM') / MiB).toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
