// The initial-load budget (issue 18): the gzipped JavaScript the search screen needs before it is
// usable (the entry, the page's chunk, and every chunk either imports statically) must stay within
// BUDGET_KIB. Reads the manifest of the existing web build; `npm test` builds just before.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 18's goal, which `npm test` holds (164.8 KiB today, docs/decisions.md): growth is a decision, not a drift. */
export const BUDGET_KIB = 170;
const SEARCH_PAGE = { src: 'src/features/search/pages/ProspectSearchPage.tsx', name: 'ProspectSearchPage' };
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** The JS files (with gzipped sizes) loaded before the search screen renders, largest first. */
export function searchRouteScripts() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`No web build manifest at ${manifestPath}: run \`npm run build\` first.`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const keys = Object.keys(manifest);
  const entry = keys.find((key) => manifest[key].isEntry);
  // A page chunk that shares modules with a dialog it loads is listed by chunk name, not by source.
  const page = keys.find((key) => key === SEARCH_PAGE.src || (manifest[key].isDynamicEntry && manifest[key].name === SEARCH_PAGE.name));
  if (!entry || !page) throw new Error(`The build manifest has no ${entry ? SEARCH_PAGE.src : 'entry'}.`);
  const needed = new Set();
  const visit = (key) => {
    if (needed.has(key)) return;
    needed.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  visit(page);
  return [...needed]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Prints the search route's scripts and returns whether they fit the budget. */
export function checkBundleBudget() {
  const scripts = searchRouteScripts();
  const totalKib = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  for (const { file, gzipBytes } of scripts) console.log(`  ${(gzipBytes / 1024).toFixed(1).padStart(6)} KiB  ${file}`);
  const verdict = `search screen: ${totalKib.toFixed(1)} KiB of gzipped JavaScript in ${scripts.length} files (budget ${BUDGET_KIB} KiB)`;
  if (totalKib > BUDGET_KIB) {
    console.error(`BUNDLE BUDGET EXCEEDED: ${verdict}. Load the new code on its page's first visit (pages.tsx) or trim the entry.`);
    return false;
  }
  console.log(`Bundle budget met: ${verdict}.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(checkBundleBudget() ? 0 : 1);
