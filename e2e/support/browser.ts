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
    const dir = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, '..', 'artifacts');
    await page()?.screenshot({ path: path.join(dir, `failed-${task.name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true }).catch(() => {});
  });
}
