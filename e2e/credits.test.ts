import { describe, expect, it } from 'vitest';
import { spendCredits } from '../apps/server/src/features/credits/credits.service.js';
import { newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';
import { filterSidebar, openSearch } from './support/search.js';

const e2e = useE2E({ people: 300 });
const newPage = () => e2e.newPage();

async function spendTo(email: string, used: number, label: string) {
  const user = await e2e.ctx.db.selectFrom('users').select(['id', 'team_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const info = await e2e.ctx.db.selectFrom('credit_periods').select(['used']).where('team_id', '=', user.team_id).executeTakeFirstOrThrow();
  await spendCredits(e2e.ctx.db, { teamId: user.team_id, userId: user.id, action: 'e2e', amount: used - Number(info.used), idempotencyKey: `e2e-${label}` });
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
