// Builds the web app when its build is missing or older than any of its sources.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, 'apps/web/dist/index.html')).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.endsWith('.tsbuildinfo')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether the web app's build is missing or older than a source of it. */
export function webBuildNeeded() {
  return !builtAt || newestSource(path.join(root, 'apps/web')) > builtAt || newestSource(path.join(root, 'packages/shared/src')) > builtAt;
}

const BUILD_COMMAND = ['run', 'build', '-w', '@leadline/web', '--silent'];
// Under a test runner NODE_ENV=test would make Vite bundle React's development build.
const BUILD_OPTIONS = { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } };

export function buildWebIfNeeded({ force = false } = {}) {
  if (!force && !webBuildNeeded()) return;
  console.log('[leadline] Building the web app...');
  const result = spawnSync('npm', BUILD_COMMAND, BUILD_OPTIONS);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The same build without blocking this process (the starting page keeps answering meanwhile). */
export function buildWeb() {
  console.log('[leadline] Building the web app...');
  return new Promise((resolve) => {
    spawn('npm', BUILD_COMMAND, BUILD_OPTIONS).on('exit', (code) => {
      if (code !== 0) process.exit(code ?? 1);
      resolve();
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded({ force: process.argv.includes('--force') });
