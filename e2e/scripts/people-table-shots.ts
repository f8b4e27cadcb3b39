/**
 * The people table of the search screen at 1280 and 1440 px, as a new user sees it, with two rows
 * enriched, then scrolled sideways to the last column (the pinned name column must stay): the
 * before/after pictures of the Apollo comparison (issue 18).
 * Run: node --import tsx e2e/scripts/people-table-shots.ts <output dir> <file prefix> [web dist]
 * The third argument serves another build (e.g. one made from an older commit) instead of apps/web/dist.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { loadDemoPeople } from '../../apps/server/src/features/people-data/demo-people.js';
import { createTestApp } from '../../apps/server/src/test/test-app.js';
import { newUser, signUp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';

const OUT = path.resolve(process.argv[2] ?? '/tmp/shots');
const PREFIX = process.argv[3] ?? 'people-table';
const DIST = path.resolve(process.argv[4] ?? path.join(import.meta.dirname, '../../apps/web/dist'));
const WIDTHS = [1280, 1440];

async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  const file = path.join(OUT, `${PREFIX}-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`saved ${file}`);
}

/** Scrolls the box that scrolls the table sideways to its start or its end. */
async function scrollTable(page: Page, to: 'start' | 'end') {
  await page.getByRole('table', { name: 'Prospects' }).evaluate((node, end) => {
    let box = node.parentElement;
    while (box && !(['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth)) box = box.parentElement;
    box?.scrollTo({ left: end ? box.scrollWidth : 0 });
  }, to === 'end');
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const { app, ctx, close } = await createTestApp({ work: true, config: { webDist: DIST } });
  await loadDemoPeople(ctx.db, { people: 300 });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await signUp(page, newUser());
    await page.goto('/prospects/search');
    const table = page.getByRole('table', { name: 'Prospects' });
    await table.locator('tbody tr').nth(1).waitFor();
    const menus = table.getByRole('button', { name: /^Enrich / });
    for (const index of [0, 2]) {
      await menus.nth(index).click();
      await page.getByRole('menuitem', { name: 'Phone and email', exact: true }).click();
      await page.waitForTimeout(1500);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await scrollTable(page, 'start');
      await shot(page, `${width}`);
      // Scrolled to the far right: the pinned columns (if any) keep each row's name in view.
      await scrollTable(page, 'end');
      await shot(page, `${width}-scrolled`);
    }
  } finally {
    await browser.close();
    await close();
  }
}

await main();
