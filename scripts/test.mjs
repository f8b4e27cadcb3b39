// `npm test`: bring the Debian packages the tests drive, type-check, lint, build the web app, then
// every test (unit, integration, browser) on the embedded database; when TEST_DATABASE_URL is set,
// the integration tests run again on PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfNeeded } from './build-web.mjs';
import { checkBundleBudget } from './bundle-budget.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
// What failed, repeated at the very end so the tail of a CI log names it.
const failures = [];

function run(label, command, args, env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

let reports = 0;

/** Runs a command, each line of its output prefixed with `[tag] ` so two stages can share the log. */
function runTagged(tag, label, command, args, env) {
  console.log(`\n=== [${tag}] ${label} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${tag}] ${line}`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function vitest(tag, label, args, env) {
  const report = path.join(os.tmpdir(), `leadline-vitest-${process.pid}-${++reports}-${Date.now()}.json`);
  const status = await runTagged(tag, label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], env);
  let failedHere = 0;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    failedHere += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        const message = (test.failureMessages?.[0] ?? '').split('\n').slice(0, 6).join('\n    ');
        failures.push(`${label}: ${path.relative(root, file.name)} > ${test.fullName}\n    ${message}`);
      }
      if (failedTests.length === 0 && file.status === 'failed') {
        failures.push(`${label}: ${path.relative(root, file.name)} failed outside a test\n    ${(file.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
    fs.rmSync(report);
  }
  if (status !== 0 && failedHere === 0) {
    totals.failed += 1; // a crash or unhandled error counts
    failures.push(`${label}: vitest exited ${status} (an unhandled error or a crash; see its output above)`);
  }
  console.log(`\n=== [${tag}] ${label}: ${status === 0 ? 'passed' : 'FAILED'} ===`);
  return status;
}

/** The server test files about the embedded database: they name PGlite or branch on TEST_DATABASE_URL. */
function embeddedDatabaseTests() {
  const server = path.join(root, 'apps/server/src');
  return fs
    .readdirSync(server, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => /pglite|TEST_DATABASE_URL/i.test(fs.readFileSync(path.join(server, file), 'utf8')))
    .map((file) => path.join('apps/server/src', file));
}

ensureSystemPackages();
const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;
function stage(label, ok) {
  if (!ok) failures.push(`${label} failed (see its output above)`);
  return !ok;
}
let failed = stage('type-check', run('type-check', 'npm', ['run', 'typecheck', '--silent']) === 0);
failed = stage('lint', run('lint', 'npm', ['run', 'lint', '--silent']) === 0) || failed;
buildWebIfNeeded({ force: true });
console.log('\n=== bundle budget ===');
failed = stage('bundle budget', checkBundleBudget()) || failed;
if (TEST_DATABASE_URL) {
  // With PostgreSQL at hand, each test runs once: the server's integration tests on PostgreSQL, the
  // browser tests against the app on its embedded PGlite, and again on PGlite the server tests that
  // test the embedded database itself (they name PGlite or branch on TEST_DATABASE_URL). Running
  // every server test on both doubled the longest stage for a dialect the browser tests cover.
  // The browser tests run one file at a time and leave most of the machine idle (about 0.75 of a
  // core on two), so they run beside the server tests: their lines are tagged [browser] and [server].
  const [browser, server] = await Promise.all([
    vitest('browser', 'unit and browser tests (embedded PGlite)', ['--project', 'shared', '--project', 'web', '--project', 'e2e'], embeddedEnv),
    (async () => {
      const embedded = await vitest('server', 'embedded-database tests (PGlite)', ['--project', 'server', ...embeddedDatabaseTests()], embeddedEnv);
      const postgres = await vitest('server', 'integration tests on PostgreSQL', ['--project', 'server'], { ...process.env, TEST_DATABASE_URL });
      return embedded || postgres;
    })(),
  ]);
  failed = browser !== 0 || server !== 0 || failed;
} else {
  failed = (await vitest('all', 'unit, integration and browser tests (embedded PGlite)', [], embeddedEnv)) !== 0 || failed;
  console.log('\n(TEST_DATABASE_URL is not set: skipped the PostgreSQL run of the integration tests)');
}
if (failures.length > 0) console.log(`\n=== what failed ===\n${failures.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
