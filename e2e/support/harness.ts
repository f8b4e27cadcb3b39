import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer } from '../../apps/server/src/test/test-server.js';
import { launchBrowser, openPage } from './browser.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

type Running = { server: Awaited<ReturnType<typeof startTestServer>>; browser: Browser };

/**
 * One server (fresh database, built web app) and one browser per test file. Pages opened
 * through `newPage` are screenshotted into e2e/artifacts when a test fails, then closed.
 * `options` go to the test server (e.g. `{ people: 3000 }` demo people for search); `ctx` is
 * the server's context, for a test that sets up or reads data straight through its database.
 */
export function useE2E(options: Parameters<typeof startTestServer>[0] = {}) {
  let running: Running | undefined;
  const pages: Page[] = [];

  beforeAll(async () => {
    const server = await startTestServer(options);
    try {
      running = { server, browser: await launchBrowser() };
    } catch (error) {
      await server.close();
      throw error;
    }
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await Promise.all(
        pages.map((page, i) => page.screenshot({ path: path.join(ARTIFACTS, `${name}-${i}.png`), fullPage: true }).catch(() => {})),
      );
    }
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });

  afterAll(async () => {
    await running?.browser.close();
    await running?.server.close();
  });

  const current = () => {
    if (!running) throw new Error('The e2e server is not running (did beforeAll fail?).');
    return running;
  };

  return {
    get url() {
      return current().server.url;
    },
    get ctx() {
      return current().server.ctx;
    },
    async newPage(): Promise<Page> {
      const page = await openPage(current().browser, current().server.url);
      pages.push(page);
      return page;
    },
  };
}
