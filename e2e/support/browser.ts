import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

/** Debian's Chromium; tests never download a browser. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1440, height: 900 };

/** Where screenshots go: SCREENSHOTS_DIR, or e2e/artifacts. */
const SHOTS_DIR = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, '..', 'artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A page in a fresh context: its own cookies and localStorage, like a separate person. */
export async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/**
 * After each failed test of the file, a full-page screenshot of `page()` named after the test, in
 * SCREENSHOTS_DIR (default e2e/artifacts): what the user saw when it failed.
 */
export function screenshotOnFailure(page: () => Page | undefined) {
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await page()?.screenshot({ path: path.join(SHOTS_DIR, `failed-${task.name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true }).catch(() => {});
  });
}

/**
 * Full-page screenshots of the page at each width (900 px high), as `<name>-<width>.png` in
 * SCREENSHOTS_DIR (default e2e/artifacts); the page keeps the last width.
 */
export async function savePageShots(page: Page, name: string, widths = [1280, 1440]) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: VIEWPORT.height });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
}
