// `npm test`: bring the Debian packages the tests drive, type-check, lint, build the web app, then
// every test (unit, integration, browser) on the embedded database; when TEST_DATABASE_URL is set,
// the integration tests run again on PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfNeeded } from './build-web.mjs';
import { checkBundleBudget } from './bundle-budget.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

function vitest(label, args, env) {
  const report = path.join(os.tmpdir(), `leadline-vitest-${process.pid}-${Date.now()}.json`);
  const status = run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], env);
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    fs.rmSync(report);
  }
  if (status !== 0 && totals.failed === 0) totals.failed += 1; // a crash or unhandled error counts
  return status;
}

ensureSystemPackages();
const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;
let failed = run('type-check', 'npm', ['run', 'typecheck', '--silent']) !== 0;
failed = run('lint', 'npm', ['run', 'lint', '--silent']) !== 0 || failed;
buildWebIfNeeded({ force: true });
console.log('\n=== bundle budget ===');
failed = !checkBundleBudget() || failed;
failed = vitest('unit, integration and browser tests (embedded PGlite)', [], embeddedEnv) !== 0 || failed;
if (TEST_DATABASE_URL) {
  failed = vitest('integration tests on PostgreSQL', ['--project', 'server'], { ...process.env, TEST_DATABASE_URL }) !== 0 || failed;
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipped the PostgreSQL run of the integration tests)');
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
