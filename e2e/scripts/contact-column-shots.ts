/**
 * The search results and a list's detail at 1280 and 1440 px, with an enriched row, to check that
 * the Contact column is in sight without scrolling (issue 18, item 3).
 * Run: node --import tsx e2e/scripts/contact-column-shots.ts <output dir> <file prefix>
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startTestServer } from '../../apps/server/src/test/test-server.js';
import { newUser, signUp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import buildWebIfStale from '../support/build-web.js';

const OUT = path.resolve(process.argv[2] ?? '/tmp/shots');
const PREFIX = process.argv[3] ?? 'shot';
const WIDTHS = [1280, 1440];

async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  const file = path.join(OUT, `${PREFIX}-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`saved ${file}`);
}

async function main() {
  buildWebIfStale();
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startTestServer({ people: 300 });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await signUp(page, newUser());
    await page.goto('/prospects/search');
    await page.getByRole('table', { name: 'Prospects' }).locator('tbody tr').nth(1).waitFor();
    // Enrich the first two rows that can be: the Contact column then shows emails and badges.
    const menus = page.getByRole('table', { name: 'Prospects' }).getByRole('button', { name: /^Enrich / });
    for (const index of [0, 1, 2, 3]) {
      await menus.nth(index).click();
      await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
      await page.waitForTimeout(1500);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `search-${width}`);
    }
    const rows = page.getByRole('table', { name: 'Prospects' }).locator('tbody tr');
    for (const index of [0, 1, 2, 3]) await rows.nth(index).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save List' }).click();
    const save = page.getByRole('dialog', { name: 'Save List' });
    await save.getByLabel('List', { exact: true }).fill('Shots');
    await save.getByText("Creates a new list 'Shots'.").waitFor();
    await save.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(1500);
    await page.goto('/prospects/lists');
    await page.getByRole('link', { name: 'Shots', exact: true }).click();
    await page.getByRole('table', { name: 'Prospects' }).locator('tbody tr').first().waitFor();
    await page.waitForTimeout(1500);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `list-${width}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
