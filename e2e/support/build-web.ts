import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.mjs',
  'packages/shared/src',
].map((p) => path.join(ROOT, p));

function newestChange(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

/** The server under test serves apps/web/dist: rebuild it when the sources are newer. */
export default function buildWebIfStale() {
  const builtAt = newestChange(BUILT_INDEX);
  if (builtAt > 0 && Math.max(...SOURCES.map(newestChange)) <= builtAt) return;
  console.log('[e2e] apps/web/dist is missing or stale: building the web app…');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npm', ['run', 'build', '-w', '@leadline/web'], { cwd: ROOT, stdio: 'inherit', env });
}
