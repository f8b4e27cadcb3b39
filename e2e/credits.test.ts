import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spendCredits } from '../apps/server/src/features/credits/credits.service.js';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { newUser, signUp } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { filterSidebar, openSearch } from './support/search.js';

// Its own server rather than useE2E: the test spends credits straight through the ledger to
// reach the 70% and 90% levels, which needs the server's database.
let t: TestApp;
let url: string;
let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  t = await createTestApp({ work: true });
  await loadDemoPeople(t.ctx.db, { people: 300 });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const newPage = async () => {
  const page = await openPage(browser, url);
  pages.push(page);
  return page;
};

async function spendTo(email: string, used: number, label: string) {
  const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const info = await t.ctx.db.selectFrom('credit_periods').select(['used']).where('team_id', '=', user.team_id).executeTakeFirstOrThrow();
  await spendCredits(t.ctx.db, { teamId: user.team_id, userId: user.id, action: 'e2e', amount: used - Number(info.used), idempotencyKey: `e2e-${label}` });
}

describe('credits footer and banners', () => {
  it('shows available against total with the plan, then the 70% and 90% banners and Buy More for the owner', async () => {
    const owner = newUser({ email: 'olga@credits.test', name: 'Olga Owner' });
    const page = await newPage();
    await signUp(page, owner);
    await openSearch(page);
    const footer = filterSidebar(page).getByTestId('credits-footer');
    // The search the screen opens with is a free preview.
    await footer.getByText('15,000 / 15,000 credits').waitFor();
    await footer.getByText('Hobby').waitFor();
    expect(await footer.getAttribute('data-level')).toBe('normal');
    expect(await footer.getByRole('link', { name: 'Buy More' }).count()).toBe(0);
    expect(await page.getByText('Your team has used 70% of the available credits').count()).toBe(0);

    await spendTo(owner.email, 10_500, 'seventy');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Your team has used 70% of the available credits' }).waitFor();
    await footer.getByText('4,500 / 15,000 credits').waitFor();
    expect(await footer.getAttribute('data-level')).toBe('warning');
    expect(await footer.getByRole('link', { name: 'Buy More' }).count()).toBe(0);

    await spendTo(owner.email, 13_500, 'ninety');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Your team has used 90% of the available credits' }).waitFor();
    expect(await footer.getAttribute('data-level')).toBe('danger');
    await footer.getByRole('link', { name: 'Buy More' }).click();
    await page.waitForURL('**/settings?tab=credits');
    // The banner stays across the app.
    await page.getByRole('status').filter({ hasText: 'Your team has used 90% of the available credits' }).waitFor();
  });
});
