import { COMPANY_MESSAGES, TEAM_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { spendCredits } from '../apps/server/src/features/credits/credits.service.js';
import { createMember } from '../apps/server/src/test/factories.js';
import { expectToast, memberRow, newUser, openTeamSettings, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';

const e2e = useE2E();
const newPage = () => e2e.newPage();

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('Settings → Company', () => {
  it('checks name and website with the spec messages, saves them, and shows an uploaded PNG logo in the sidebar', async () => {
    const page = await newPage();
    await signUp(page, newUser({ name: 'Cora Company', email: 'cora@corp.test', companyName: 'Corp' }));
    await page.goto('/settings?tab=company');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const name = page.getByLabel('Company name');
    const website = page.getByLabel('Company website');
    expect(await save.isDisabled()).toBe(true);

    await name.fill('');
    await save.click();
    await page.getByText(COMPANY_MESSAGES.nameAndWebsiteRequired).first().waitFor();
    await name.fill('Corp Labs');
    await website.fill('not a website');
    await save.click();
    await page.getByText(COMPANY_MESSAGES.invalidWebsite).waitFor();
    await website.fill('https://corplabs.example.com');
    // A server that fails the save: the spec's failure toast, and nothing changes.
    await page.route('**/userInfo', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' }));
    await save.click();
    await expectToast(page, COMPANY_MESSAGES.updateFailed);
    await page.unroute('**/userInfo');
    await save.click();
    await expectToast(page, COMPANY_MESSAGES.updated);
    await sidebar(page).getByText('Corp Labs', { exact: true }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    const fileInput = page.locator('input[type=file]');
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#2255cc' } }).png().toBuffer();
    await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const logo = sidebar(page).getByRole('img', { name: 'Corp Labs logo' });
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^\/user\/logo\?v=[0-9a-f]{16}$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    await fileInput.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: gif });
    await expectToast(page, COMPANY_MESSAGES.logoType);
    await fileInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]) });
    await expectToast(page, COMPANY_MESSAGES.logoSize);
  });
});

describe('Settings → Team', () => {
  it('pages and searches 60 members on the server, toggles a role, clamps a cap and locks the own row', async () => {
    const page = await newPage();
    const owner = newUser({ name: 'Tess Team', email: 'tess@team.test', companyName: 'Team Co' });
    await signUp(page, owner);
    const me = await e2e.ctx.db.selectFrom('users').select(['id', 'team_id']).where('email', '=', owner.email).executeTakeFirstOrThrow();
    const ownerUser = { userId: me.id, teamId: me.team_id, email: owner.email, name: owner.name, cookie: '' };
    const members = [];
    for (let i = 1; i <= 59; i++) members.push(await createMember(e2e.ctx.db, ownerUser, 'MEMBER', `Member ${String(i).padStart(2, '0')}`));

    await openTeamSettings(page);
    await page.getByText('1–5 of 60').waitFor();
    await page.getByRole('button', { name: 'next page' }).click();
    await page.getByText('6–10 of 60').waitFor();
    await page.getByLabel('Search members').fill('Member 42');
    await page.getByText('1–1 of 1').waitFor();
    await page.getByLabel('Search members').fill(members[6]!.email);
    await memberRow(page, members[6]!.email).waitFor();
    await page.getByText('1–1 of 1').waitFor();

    const row = memberRow(page, members[6]!.email);
    await row.getByRole('switch', { name: 'Admin role of Member 07' }).evaluate((input: HTMLInputElement) => input.click());
    await expectToast(page, TEAM_MESSAGES.roleUpdated);
    await row.getByText('Admin', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Assign credits to Member 07' }).click();
    let dialog = page.getByRole('dialog', { name: 'Credits Limit' });
    await dialog.getByLabel('Monthly credits cap').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('0 / 1').waitFor();
    // And at most the team's total: the trial's 15,000 credits.
    await row.getByRole('button', { name: 'Assign credits to Member 07' }).click();
    dialog = page.getByRole('dialog', { name: 'Credits Limit' });
    await dialog.getByLabel('Monthly credits cap').fill('999999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('0 / 15,000').waitFor();

    await spendCredits(e2e.ctx.db, { teamId: me.team_id, userId: members[7]!.userId, action: 'e2e', amount: 25, idempotencyKey: 'e2e-cap' });
    await page.getByLabel('Search members').fill(members[7]!.email);
    const spender = memberRow(page, members[7]!.email);
    await spender.getByText('25 / —').waitFor();
    await spender.getByRole('button', { name: 'Assign credits to Member 08' }).click();
    dialog = page.getByRole('dialog', { name: 'Credits Limit' });
    await dialog.getByLabel('Monthly credits cap').fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('You cannot assign less than 25 credits.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // CRM permission follows the role and is shown disabled (spec §6).
    const crm = spender.getByRole('combobox', { name: 'CRM permission of Member 08' });
    expect(await crm.isDisabled()).toBe(true);
    expect(await crm.inputValue()).toBe('View Only Access');

    await page.getByLabel('Search members').fill(members[0]!.email);
    const leaving = memberRow(page, members[0]!.email);
    await leaving.getByRole('button', { name: 'Remove Member 01' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, TEAM_MESSAGES.memberDeleted);
    await page.getByText('No results.').waitFor();

    await page.getByLabel('Search members').fill(owner.email);
    const own = memberRow(page, owner.email);
    await own.waitFor();
    expect(await own.getByRole('switch', { name: `Admin role of ${owner.name}` }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: `Assign credits to ${owner.name}` }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: `Remove ${owner.name}` }).isDisabled()).toBe(true);
  });
});
