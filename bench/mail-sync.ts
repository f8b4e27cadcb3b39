// First sync of a large mailbox from Debian's Dovecot, run by hand:
//   node --import tsx bench/mail-sync.ts [--messages 10000]                      (PGlite on disk, as `npm start`)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres node --import tsx bench/mail-sync.ts   (a throwaway PostgreSQL database)
// Starts its own Dovecot on loopback (the tests' harness: own config and Maildir), writes N
// realistic messages straight into the Maildir (plain text and HTML with a text part, threads of
// replies, attachments in some; 70% INBOX, 15% Sent, 10% Archive, 3% Junk, 2% Trash), lets
// Dovecot index them, then runs the product's first sync (connectMailbox + syncAllFolders through
// the write lane) in a child process of its own and prints the time and the child's peak RSS.
// The child runs under tsx, as `npm start` and `npm run worker` run the server (no compile step),
// and prints what its RSS is made of. `--profile DIR` writes a CPU profile of the syncing process
// there. The child gets the node flags `npm run worker` gives the worker (its heap limit: the
// process that syncs in a deployment); BENCH_CHILD_FLAGS adds more (e.g. --trace-gc) and
// BENCH_CHILD_LOG keeps what it printed.
// Goals of issue 21: 10,000 messages in ≤ 60 s, RSS ≤ 300 MB.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { imapClient } from '../apps/server/src/features/mailboxes/mail-connections.js';
import { startDovecot, type Dovecot } from '../apps/server/src/test/mail/dovecot.js';
import { deliverRaw } from '../apps/server/src/test/mail/maildir.js';
import { buildMessage } from '../apps/server/src/test/mail/rich-message.js';
import { seededRandom } from '../apps/server/src/test/random.js';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '10000' }, profile: { type: 'string' } } });
const total = Number(values.messages);
const USER = { email: 'bench@example.test', password: 'bench-secret' };
const FOLDERS = [
  ['INBOX', 0.7],
  ['Sent', 0.85],
  ['Archive', 0.95],
  ['Junk', 0.98],
  ['Trash', 1],
] as const;

const random = seededRandom(10_000);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const WORDS = (
  'the a to of and we our your you for on with this that next week call meeting pricing proposal contract team rollout ' +
  'pipeline demo follow up thanks regards quarter budget renewal seats license onboarding integration timeline question ' +
  'schedule tuesday thursday review draft attached invoice security compliance feedback launch customer account manager'
).split(' ');
const sentence = () => {
  const words = Array.from({ length: 6 + Math.floor(random() * 14) }, () => pick(WORDS));
  return `${words[0]![0]!.toUpperCase()}${words.join(' ').slice(1)}.`;
};
const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(' ');
const PEOPLE = Array.from({ length: 400 }, (_, i) => ({ name: `${pick(['Ava', 'Ben', 'Chloe', 'Diego', 'Emma', 'Farah', 'Gus', 'Hana'])} ${pick(['Stone', 'Okafor', 'Martin', 'Ruiz', 'Novak', 'Ali', 'Berg', 'Sato'])}`, address: `contact${i}@prospect${i % 60}.test` }));

/** Raw MIME for message i: a third are replies in a thread, half HTML, one in ten with attachments. */
async function messageAt(i: number, threads: Array<{ subject: string; ids: string[] }>, date: Date, folder: string) {
  const person = pick(PEOPLE);
  const outgoing = folder === 'Sent';
  const from = outgoing ? `Bench Seller <${USER.email}>` : `${person.name} <${person.address}>`;
  const to = outgoing ? `${person.name} <${person.address}>` : USER.email;
  const thread = threads.length > 0 && random() < 0.35 ? pick(threads) : undefined;
  const subject = thread ? `Re: ${thread.subject}` : `${sentence().slice(0, 40).replace(/\.$/, '')} (${i})`;
  const paragraphs = Array.from({ length: 1 + Math.floor(random() * 5) }, paragraph);
  const html = random() < 0.5;
  const attachments =
    random() < 0.1
      ? [
          { filename: `proposal-${i}.pdf`, content: crypto.randomBytes(20_000 + Math.floor(random() * 180_000)), contentType: 'application/pdf' },
          ...(random() < 0.3 ? [{ filename: 'seats.csv', content: 'name,seats\nacme,12\nglobex,40\n', contentType: 'text/csv' }] : []),
        ]
      : undefined;
  const built = await buildMessage({
    from,
    to,
    subject,
    date,
    text: paragraphs.join('\n\n'),
    ...(html ? { html: `<div style="font-family:Arial">${paragraphs.map((p) => `<p>${p}</p>`).join('')}<p>--<br><b>${person.name}</b></p></div>` } : {}),
    ...(thread ? { inReplyTo: thread.ids.at(-1)!, references: thread.ids.slice(-10) } : {}),
    ...(attachments ? { attachments } : {}),
  });
  if (thread) thread.ids.push(built.messageId);
  else if (threads.length < 3000) threads.push({ subject, ids: [built.messageId] });
  return built.raw;
}

async function fill(dovecot: Dovecot) {
  const threads: Array<{ subject: string; ids: string[] }> = [];
  const now = Date.now();
  let bytes = 0;
  for (let i = 0; i < total; i++) {
    const r = random();
    const folder = FOLDERS.find(([, upTo]) => r < upTo)![0];
    const raw = await messageAt(i, threads, new Date(now - (total - i) * 90_000), folder);
    bytes += raw.length;
    deliverRaw(dovecot, USER.email, raw, folder);
  }
  return bytes;
}

/** Dovecot indexes a Maildir the first time a client opens it: done here, outside the timed sync. */
async function indexFolders(dovecot: Dovecot) {
  const client = await imapClient({ outboundAllowPrivate: true }, { host: dovecot.host, port: dovecot.port, secure: false }, { username: USER.email, password: USER.password });
  await client.connect();
  const counts: Record<string, number> = {};
  for (const [folder] of FOLDERS) counts[folder] = (await client.status(folder, { messages: true })).messages ?? 0;
  await client.logout();
  return counts;
}

type Breakdown = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number; rest: number };
type ChildResult = { syncMs: number; firstRowsMs: number; stored: number; rssBeforeMb: number; peakRssMb: number; maxRssMb: number; database: string; before: Breakdown; atPeak: Breakdown; highest: Breakdown };
const parts = (b: Breakdown) => `RSS ${b.rss} = heap ${b.heapTotal} (used ${b.heapUsed}) + external ${b.external} (buffers ${b.arrayBuffers}; PGlite's WebAssembly memory counts here) + rest ${b.rest} MB`;

/** The node flags of the server's `worker` script, as the product runs the process that syncs. */
const WORKER_FLAGS = (JSON.parse(fs.readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')) as { scripts: { worker: string } }).scripts.worker
  .split(' ')
  .filter((token) => token.startsWith('--max-old-space-size'));

function runChild(dovecot: Dovecot): Promise<ChildResult> {
  const child = spawn(process.execPath, [...WORKER_FLAGS, ...(process.env.BENCH_CHILD_FLAGS ? process.env.BENCH_CHILD_FLAGS.split(' ') : []), ...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : []), '--import', 'tsx', new URL('./mail-sync-child.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_IMAP: JSON.stringify({ host: dovecot.host, port: dovecot.port, ...USER }) },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      // What the child printed besides its result (with BENCH_CHILD_FLAGS=--trace-gc, V8's GC log).
      if (process.env.BENCH_CHILD_LOG) fs.writeFileSync(process.env.BENCH_CHILD_LOG, output);
      const line = output.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`sync child exited with ${code}: ${output}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as ChildResult);
    }),
  );
}

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const dovecot = await startDovecot([USER]);
try {
  const fillStart = performance.now();
  const bytes = await fill(dovecot);
  const fillMs = performance.now() - fillStart;
  const indexStart = performance.now();
  const counts = await indexFolders(dovecot);
  const indexMs = performance.now() - indexStart;
  console.log(`mail sync benchmark: ${total.toLocaleString('en')} messages; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${load()}`);
  console.log(`filled the Maildir: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${(fillMs / 1000).toFixed(1)} s; Dovecot indexed it in ${(indexMs / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  const result = await runChild(dovecot);
  console.log(`first sync on ${result.database}: ${result.stored.toLocaleString('en')} messages stored in ${(result.syncMs / 1000).toFixed(1)} s (${Math.round(result.stored / (result.syncMs / 1000))} messages/s); first inbox rows after ${(result.firstRowsMs / 1000).toFixed(1)} s   goal ≤ 60 s`);
  console.log(`sync process RSS: ${result.rssBeforeMb} MB before the sync, peak ${result.peakRssMb} MB during it (sampled every 100 ms), high-water mark ${result.maxRssMb} MB   goal ≤ 300 MB`);
  console.log(`  before the sync: ${parts(result.before)}`);
  console.log(`  at the peak:     ${parts(result.atPeak)}`);
  console.log(`  highest of each: heap ${result.highest.heapTotal} (used ${result.highest.heapUsed}), external ${result.highest.external} (buffers ${result.highest.arrayBuffers}) MB`);
  console.log(`load at the end ${load()}`);
  if (result.stored !== total) throw new Error(`stored ${result.stored} of ${total} messages`);
} finally {
  await dovecot.stop();
}
