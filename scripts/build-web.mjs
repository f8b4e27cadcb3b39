// Builds the web app when its build is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
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

export function buildWebIfNeeded({ force = false } = {}) {
  const stale = newestSource(path.join(root, 'apps/web')) > builtAt || newestSource(path.join(root, 'packages/shared/src')) > builtAt;
  if (!force && builtAt && !stale) return;
  console.log('[leadline] Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@leadline/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    // Under a test runner NODE_ENV=test would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded({ force: process.argv.includes('--force') });
