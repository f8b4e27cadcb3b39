import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Config } from '../../apps/server/src/lib/config.js';
import type { AppContext } from '../../apps/server/src/lib/context.js';
import type { TestUser } from '../../apps/server/src/test/factories.js';
import { createTestApp } from '../../apps/server/src/test/test-app.js';
import { signUp, type NewUser } from './app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './browser.js';

/** A piece of the outside world a test file starts (Dovecot, a loopback vendor server...) and stops. */
export type Fixture = { close(): Promise<unknown> } | { stop(): Promise<unknown> };

type Running<F> = { fixtures: F; ctx: AppContext; url: string; browser: Browser; page: Page };

/**
 * One app on 127.0.0.1 (fresh database, built web app), the outside world it talks to and one
 * browser per test file. In `beforeAll`: `fixtures` starts that world, passing each piece to
 * `keep` as it comes up; `app` turns the fixtures (their ports) into createTestApp's options;
 * then the app listens and a page opens. `afterAll` closes what started, in reverse order, also
 * when a start failed half way. `page` is screenshotted when a test fails; pages from `newPage`
 * too, and they are closed after each test.
 */
export function useAppUnderTest<F extends object = Record<string, never>>(
  setup: {
    fixtures?: (keep: <T extends Fixture>(fixture: T) => T) => Promise<F>;
    app?: (fixtures: F) => { work?: boolean; config?: Partial<Config> };
  },
  timeout?: number,
) {
  let running: Running<F> | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    const keep = <T extends Fixture>(fixture: T): T => {
      closers.push(() => ('close' in fixture ? fixture.close() : fixture.stop()));
      return fixture;
    };
    const fixtures = setup.fixtures ? await setup.fixtures(keep) : ({} as F);
    const t = await createTestApp(setup.app?.(fixtures));
    closers.push(t.close);
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const browser = await launchBrowser();
    closers.push(() => browser.close());
    const page = await openPage(browser, url);
    closers.push(() => page.context().close());
    running = { fixtures, ctx: t.ctx, url, browser, page };
  }, timeout);

  afterAll(async () => {
    // Each piece is closed even when one before it fails to close, so no server outlives the file.
    const failures: unknown[] = [];
    for (const close of closers.splice(0).reverse()) await close().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  });

  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  // Registered after the closing hook, so it runs before it (after-hooks run in reverse).
  screenshotOnFailure(() => pages.at(-1) ?? running?.page);

  const current = () => {
    if (!running) throw new Error('The app under test is not running (did beforeAll fail?).');
    return running;
  };

  return {
    get fixtures() {
      return current().fixtures;
    },
    /** The app's own context, for setting up or reading data straight through its database. */
    get ctx() {
      return current().ctx;
    },
    get url() {
      return current().url;
    },
    /** The page the file's tests share, opened on the app. */
    get page() {
      return current().page;
    },
    /** Another page, in a fresh context (another person), closed after the test. */
    async newPage(): Promise<Page> {
      const page = await openPage(current().browser, current().url);
      pages.push(page);
      return page;
    },
  };
}

/** Signs up through the form as a new team's owner, and returns that owner as the test factories take it. */
export async function signUpOwner(page: Page, t: { ctx: AppContext }, user: NewUser): Promise<TestUser> {
  await signUp(page, user);
  const row = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', user.email).executeTakeFirstOrThrow();
  return { userId: row.id, teamId: row.team_id, email: row.email, name: row.name, cookie: '' };
}
