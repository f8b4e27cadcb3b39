// First-load benchmark of the search screen (issue 18, item 13), run by hand:
//   npm run build && node --import tsx bench/web-load.ts [--runs 7] [--throttle 4] [--people 2000] [--dist apps/web/dist]
// Serves a web build from the real server on loopback, signs a user up, then opens
// /prospects/search in a fresh browser context per run (a cold cache) with Chromium's CPU slowed
// down by --throttle (CDP Emulation.setCPUThrottlingRate). Each run records the largest
// contentful paint (PerformanceObserver), when the first result row appeared, and the JavaScript
// fetched until then (gzipped here, as a server with compression would send it). Prints each run
// and the median (with the best LCP); --files lists the JavaScript files of the first run. --dist measures another build, e.g. one made from an older commit.
// Wall-clock figures follow the machine's load; the main thread's long tasks before LCP, and with
// --profile a CPU profile of every run (mean self and inclusive time by function; readable names
// need an unminified build: `npx vite build apps/web --minify false --outDir /tmp/dist-plain`),
// show what the page itself costs.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { TOUR_IDS } from '@leadline/shared';
import { chromium, type Page } from 'playwright-core';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { createTestApp } from '../apps/server/src/test/test-app.js';
import { printProfile, summariseProfiles, type CpuProfile } from './web-profile.js';
import { mainThreadCpuBefore, startTaskTrace } from './web-trace.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    throttle: { type: 'string', default: '4' },
    people: { type: 'string', default: '2000' },
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../apps/web/dist') },
    width: { type: 'string', default: '1440' },
    files: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    /** With --profile: also writes each run's profile to <prefix>-<run>.cpuprofile (DevTools opens them). */
    'profile-out': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const THROTTLE = Number(values.throttle);
// A result row, not the one cell of the loading or empty row.
const ROWS = 'table[aria-label="Prospects"] tbody tr:has(td:nth-child(2))';

type Run = {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /** When the page's heading was attached (its render, whether or not painted). */
  headingMs: number;
  firstRowMs: number;
  scriptMs: number;
  taskMs: number;
  /** Tasks over 50 ms that started before LCP: how many, and their time. */
  longTasks: number;
  longTaskMs: number;
  /** The same until the first result row (the rows' render included). */
  longTasksToRow: number;
  longTaskMsToRow: number;
  /** CPU time of the main thread's tasks before LCP and before the first row (the trace's thread time). */
  cpuMs: number;
  cpuMsToRow: number;
  jsFiles: number;
  jsGzipKib: number;
  files: { file: string; size: number }[];
  profile?: CpuProfile;
};

/** Records, in the page, when the first result row is attached and every long task (before any script of the app runs). */
const WATCH_PAGE = `
  window.__firstRowAt = undefined;
  window.__headingAt = undefined;
  window.__longTasks = [];
  new MutationObserver((_, observer) => {
    if (window.__headingAt === undefined && document.querySelector('main h1')) window.__headingAt = performance.now();
    if (document.querySelector('${ROWS}')) { window.__firstRowAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longTasks.push({ start: task.startTime, duration: task.duration });
  }).observe({ type: 'longtask', buffered: true });
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
  if (values.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.addInitScript(WATCH_PAGE);
  const stopTrace = await startTaskTrace(cdp);
  await page.goto(url);
  await page.locator(ROWS).first().waitFor({ timeout: 60_000 });
  firstRowSeen = true;
  const profile = values.profile ? ((await cdp.send('Profiler.stop')).profile as CpuProfile) : undefined;
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
  const timeline = await page.evaluate(() => {
    const page = window as unknown as { __firstRowAt: number; __headingAt: number; __longTasks: { start: number; duration: number }[] };
    return {
      firstRowMs: page.__firstRowAt,
      headingMs: page.__headingAt,
      longTasks: page.__longTasks,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    };
  });
  const [cpuMs, cpuMsToRow] = mainThreadCpuBefore(await stopTrace(), url, [lcp.startTime, timeline.firstRowMs]);
  const before = (ms: number) => timeline.longTasks.filter((task) => task.start < ms);
  const total = (tasks: { duration: number }[]) => tasks.reduce((sum, task) => sum + task.duration, 0);
  const sizes = await Promise.all(scripts);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    lcpMs: lcp.startTime,
    lcpElement: lcp.element,
    fcpMs: timeline.fcpMs,
    headingMs: timeline.headingMs,
    firstRowMs: timeline.firstRowMs,
    longTasks: before(lcp.startTime).length,
    longTaskMs: total(before(lcp.startTime)),
    longTasksToRow: before(timeline.firstRowMs).length,
    longTaskMsToRow: total(before(timeline.firstRowMs)),
    cpuMs: cpuMs!,
    cpuMsToRow: cpuMsToRow!,
    scriptMs: metric('ScriptDuration'),
    taskMs: metric('TaskDuration'),
    jsFiles: sizes.length,
    jsGzipKib: sizes.reduce((sum, { size }) => sum + size, 0) / 1024,
    files: sizes.sort((a, b) => b.size - a.size),
    ...(profile ? { profile } : {}),
  };
}

const median = (numbers: number[]) => {
  const sorted = numbers.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
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
      if (run.profile && values['profile-out']) await writeFile(`${values['profile-out']}-${index + 1}.cpuprofile`, JSON.stringify(run.profile));
      if (values.files && index === 0) for (const { file, size } of run.files) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KiB  ${file}`);
      console.log(
        `run ${index + 1}: LCP ${run.lcpMs.toFixed(0)} ms (${run.lcpElement}), FCP ${run.fcpMs.toFixed(0)} ms, heading attached ${run.headingMs.toFixed(0)} ms, first result row ${run.firstRowMs.toFixed(0)} ms; ` +
          `long tasks before LCP ${run.longTasks} (${run.longTaskMs.toFixed(0)} ms), before the first row ${run.longTasksToRow} (${run.longTaskMsToRow.toFixed(0)} ms); ` +
          `main-thread CPU before LCP ${run.cpuMs.toFixed(0)} ms, before the first row ${run.cpuMsToRow.toFixed(0)} ms; ` +
          `main thread ${run.taskMs.toFixed(0)} ms (scripts ${run.scriptMs.toFixed(0)} ms), ` +
          `${run.jsFiles} JS files, ${run.jsGzipKib.toFixed(1)} KiB gzipped`,
      );
    }
    console.log(
      `median: LCP ${median(runs.map((r) => r.lcpMs)).toFixed(0)} ms (best ${Math.min(...runs.map((r) => r.lcpMs)).toFixed(0)} ms), first result row ${median(runs.map((r) => r.firstRowMs)).toFixed(0)} ms, ` +
        `long tasks before LCP ${median(runs.map((r) => r.longTaskMs)).toFixed(0)} ms, before the first row ${median(runs.map((r) => r.longTaskMsToRow)).toFixed(0)} ms, ` +
        `main-thread CPU before LCP ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms, before the first row ${median(runs.map((r) => r.cpuMsToRow)).toFixed(0)} ms, ` +
        `main thread ${median(runs.map((r) => r.taskMs)).toFixed(0)} ms (scripts ${median(runs.map((r) => r.scriptMs)).toFixed(0)} ms), ` +
        `JS before the first row ${median(runs.map((r) => r.jsGzipKib)).toFixed(1)} KiB gzipped`,
    );
    console.log(`load at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const profiles = runs.flatMap((run) => (run.profile ? [run.profile] : []));
    if (profiles.length > 0) printProfile(summariseProfiles(profiles), profiles.length);
  } finally {
    await browser.close();
    await close();
  }
}

await main();
