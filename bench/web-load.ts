// First-load benchmark of the search screen (issue 18, item 13), run by hand:
//   npm run build && node --import tsx bench/web-load.ts [--runs 7] [--throttle 4] [--people 2000] [--dist apps/web/dist]
// Serves a web build from the real server on loopback, signs a user up, then opens
// /prospects/search in a fresh browser context per run (a cold cache) with Chromium's CPU slowed
// down by --throttle (CDP Emulation.setCPUThrottlingRate). Each run records the largest
// contentful paint (PerformanceObserver), when the first result row appeared, and the JavaScript
// fetched until then (gzipped here, as a server with compression would send it). Prints each run
// and the median (with the best LCP); --files lists the JavaScript files of the first run. --dist measures another build, e.g. one made from an older commit.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { TOUR_IDS } from '@leadline/shared';
import { chromium, type Page } from 'playwright-core';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { createTestApp } from '../apps/server/src/test/test-app.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    throttle: { type: 'string', default: '4' },
    people: { type: 'string', default: '2000' },
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../apps/web/dist') },
    width: { type: 'string', default: '1440' },
    files: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const THROTTLE = Number(values.throttle);
const ROWS = 'table[aria-label="Prospects"] tbody tr';

type Run = { lcpMs: number; lcpElement: string; firstRowMs: number; scriptMs: number; taskMs: number; jsFiles: number; jsGzipKib: number; files: { file: string; size: number }[] };

/** Records, in the page, when the first result row is attached (before any script of the app runs). */
const WATCH_FIRST_ROW = `
  window.__firstRowAt = undefined;
  new MutationObserver((_, observer) => {
    if (document.querySelector('${ROWS}')) { window.__firstRowAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

async function measure(page: Page, url: string): Promise<Run> {
  const scripts: Promise<{ file: string; size: number }>[] = [];
  let firstRowSeen = false;
  page.on('response', (response) => {
    if (!firstRowSeen && response.url().endsWith('.js')) scripts.push(response.body().then((body) => ({ file: new URL(response.url()).pathname, size: gzipSync(body, { level: 9 }).length })));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Performance.enable');
  await page.addInitScript(WATCH_FIRST_ROW);
  await page.goto(url);
  await page.locator(ROWS).first().waitFor({ timeout: 60_000 });
  firstRowSeen = true;
  // Main-thread time until the first row: less swayed by other load on the machine than wall time.
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
  // LCP stops at the first input; nothing is clicked, so a short settle catches a late candidate.
  await page.waitForTimeout(1500);
  const lcp = await page.evaluate(
    () =>
      new Promise<{ startTime: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          const element = last?.element;
          resolve({ startTime: last?.startTime ?? NaN, element: element ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"` : '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const firstRowMs = await page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt);
  const sizes = await Promise.all(scripts);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    lcpMs: lcp.startTime,
    lcpElement: lcp.element,
    firstRowMs,
    scriptMs: metric('ScriptDuration'),
    taskMs: metric('TaskDuration'),
    jsFiles: sizes.length,
    jsGzipKib: sizes.reduce((sum, { size }) => sum + size, 0) / 1024,
    files: sizes.sort((a, b) => b.size - a.size),
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const { app, ctx, close } = await createTestApp({ work: true, config: { webDist: path.resolve(values.dist) } });
  await loadDemoPeople(ctx.db, { people: Number(values.people) });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const viewport = { width: Number(values.width), height: 900 };
    const owner = await browser.newContext({ baseURL: base, viewport });
    const signup = await owner.request.post('/api/auth/signup', {
      data: { name: 'Bench Owner', email: 'bench@acme.test', password: 'correct horse battery', companyName: 'Acme' },
    });
    if (!signup.ok()) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
    // A user past onboarding and the tours, so the search screen opens as it does every day.
    const finished = await owner.request.put('/userInfo', { data: { onboardingStep: 'finished' } });
    if (!finished.ok()) throw new Error(`finishing onboarding failed: ${finished.status()}`);
    for (const tourId of TOUR_IDS) await owner.request.post(`/api/v1/onboarding/tours?tourId=${tourId}`);
    const session = await owner.storageState();
    await owner.close();

    console.log(`web-load: ${values.dist}, ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`Chromium CPU ${THROTTLE}x slower, loopback network, cold cache, ${values.people} people, ${viewport.width}x${viewport.height}`);
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index++) {
      const context = await browser.newContext({ baseURL: base, viewport, storageState: session });
      const run = await measure(await context.newPage(), '/prospects/search');
      await context.close();
      runs.push(run);
      if (values.files && index === 0) for (const { file, size } of run.files) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KiB  ${file}`);
      console.log(
        `run ${index + 1}: LCP ${run.lcpMs.toFixed(0)} ms (${run.lcpElement}), first result row ${run.firstRowMs.toFixed(0)} ms, ` +
          `main thread ${run.taskMs.toFixed(0)} ms (scripts ${run.scriptMs.toFixed(0)} ms), ` +
          `${run.jsFiles} JS files, ${run.jsGzipKib.toFixed(1)} KiB gzipped`,
      );
    }
    console.log(
      `median: LCP ${median(runs.map((r) => r.lcpMs)).toFixed(0)} ms (best ${Math.min(...runs.map((r) => r.lcpMs)).toFixed(0)} ms), first result row ${median(runs.map((r) => r.firstRowMs)).toFixed(0)} ms, ` +
        `main thread ${median(runs.map((r) => r.taskMs)).toFixed(0)} ms (scripts ${median(runs.map((r) => r.scriptMs)).toFixed(0)} ms), ` +
        `JS before the first row ${median(runs.map((r) => r.jsGzipKib)).toFixed(1)} KiB gzipped`,
    );
  } finally {
    await browser.close();
    await close();
  }
}

await main();
