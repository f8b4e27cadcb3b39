import { ENRICHMENT_MESSAGES, MESSAGES, toLabel } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getCreditsInfo, spendCredits } from '../apps/server/src/features/credits/credits.service.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';
import { chooseFile, csvFile, dataTable, listRow, typeListName, waitForRows } from './support/lists.js';
import { filterSidebar, openSearch, resultsTable } from './support/search.js';

const e2e = useE2E({ people: 300 });
const newPage = () => e2e.newPage();

type Person = { id: string; full_name: string; work_email: string | null; linkedin_url: string | null; job_company_name: string | null };
/** The first page of the default search (people in the United States, by id), as the database has them. */
async function firstPage(): Promise<Person[]> {
  const { rows } = await sql<Person>`
    select id, full_name, work_email, linkedin_url, job_company_name from people
    where location_country = 'united states' order by id limit 25`.execute(e2e.ctx.db);
  return rows;
}
/** How the screen writes a name (the database keeps it lower-case). */
const shown = (name: string) => toLabel(name);
const teamOf = async (email: string) => (await e2e.ctx.db.selectFrom('users').select(['id', 'team_id']).where('email', '=', email).executeTakeFirstOrThrow());
const rowOf = (page: Page, name: string) => resultsTable(page).getByRole('row').filter({ has: page.getByText(shown(name), { exact: true }) });

async function signedUpOnSearch(label: string) {
  const page = await newPage();
  const user = newUser({ email: `${label}@enrich.test`, name: 'Erin Enricher' });
  await signUp(page, user);
  await openSearch(page);
  return { page, user };
}

describe('enrichment', () => {
  it('enriches one row: the email appears with its status and the credits go down by its price', async () => {
    const { page, user } = await signedUpOnSearch('row');
    const target = (await firstPage()).find((p) => p.work_email && p.linkedin_url)!;
    const footer = filterSidebar(page).getByTestId('credits-footer');
    await footer.getByText('15,000 / 15,000 credits').waitFor(); // the opening search is a free preview
    await rowOf(page, target.full_name).getByRole('button', { name: `Enrich ${shown(target.full_name)}` }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
    const row = rowOf(page, target.full_name);
    await row.getByText(target.work_email!, { exact: true }).waitFor();
    await row.getByText('Verified').waitFor();
    // Premium database, work emails: 50 credits per accurate email.
    await footer.getByText('14,950 / 15,000 credits').waitFor();
    const team = await teamOf(user.email);
    expect((await getCreditsInfo(e2e.ctx.db, team.team_id)).available).toBe(14_950);

    // Enriching the same email again is refused: it is already there.
    await row.getByRole('button', { name: `Enrich ${shown(target.full_name)}` }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
    await expectToast(page, ENRICHMENT_MESSAGES.alreadyEnriched);
  });

  it('charges a double click on Enrich once', async () => {
    const { page, user } = await signedUpOnSearch('double');
    const target = (await firstPage()).find((p) => p.work_email && p.linkedin_url)!;
    const footer = filterSidebar(page).getByTestId('credits-footer');
    await footer.getByText('15,000 / 15,000 credits').waitFor();
    const sent: Array<string | null> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/prospects-enrichment/single')) sent.push(request.headers()['idempotency-key'] ?? null);
    });
    await rowOf(page, target.full_name).getByRole('button', { name: `Enrich ${shown(target.full_name)}` }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).dblclick();
    const row = rowOf(page, target.full_name);
    await row.getByText(target.work_email!, { exact: true }).waitFor();
    await footer.getByText('14,950 / 15,000 credits').waitFor();
    await page.waitForTimeout(1000);
    // Both clicks reached the menu item: two requests, one action, so one key.
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await footer.getByText('14,950 / 15,000 credits').count()).toBe(1);
    const team = await teamOf(user.email);
    expect((await getCreditsInfo(e2e.ctx.db, team.team_id)).available).toBe(14_950);
    expect(await page.getByText(ENRICHMENT_MESSAGES.alreadyEnriched).count()).toBe(0);
  });

  it("shows 'No emails found' for a person without one, at no charge", async () => {
    const { page } = await signedUpOnSearch('miss');
    const target = (await firstPage()).find((p) => !p.work_email && p.linkedin_url)!;
    const footer = filterSidebar(page).getByTestId('credits-footer');
    await footer.getByText('15,000 / 15,000 credits').waitFor();
    await rowOf(page, target.full_name).getByRole('button', { name: `Enrich ${shown(target.full_name)}` }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
    await rowOf(page, target.full_name).getByText(ENRICHMENT_MESSAGES.noEmails).waitFor();
    await page.waitForTimeout(500);
    expect(await footer.getByText('15,000 / 15,000 credits').count()).toBe(1);
  });

  it('answers 402 with the spec message when the team cannot pay', async () => {
    const { page, user } = await signedUpOnSearch('poor');
    const target = (await firstPage()).find((p) => p.work_email && p.linkedin_url)!;
    const team = await teamOf(user.email);
    const { available } = await getCreditsInfo(e2e.ctx.db, team.team_id);
    await spendCredits(e2e.ctx.db, { teamId: team.team_id, userId: team.id, action: 'e2e', amount: available - 10, idempotencyKey: 'e2e-drain' });
    await rowOf(page, target.full_name).getByRole('button', { name: `Enrich ${shown(target.full_name)}` }).click();
    await page.getByRole('menuitem', { name: 'Phone and email' }).click();
    await expectToast(page, MESSAGES.insufficientCredits);
  });

  it('enriches a selection into a new list, shown with the maximum credits first', async () => {
    const { page } = await signedUpOnSearch('selection');
    const targets = (await firstPage()).filter((p) => p.work_email && p.linkedin_url).slice(0, 2);
    for (const p of targets) await rowOf(page, p.full_name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Enrich', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enrich selected prospects' });
    await dialog.getByText('2 prospects').waitFor();
    await dialog.getByTestId('maximum-credits').getByText('Maximum credits: 100').waitFor();
    await dialog.getByText(ENRICHMENT_MESSAGES.onlyAccurateCharged).waitFor();
    await typeListName(dialog, 'Enriched pair');
    await dialog.getByRole('button', { name: 'Enrich', exact: true }).click();
    await expectToast(page, ENRICHMENT_MESSAGES.prospectsBeingEnriched);

    await page.goto('/prospects/lists');
    await listRow(page, 'Enriched pair').getByRole('link', { name: 'Enriched pair' }).click();
    for (const p of targets) await dataTable(page, 'Prospects').getByText(p.work_email!, { exact: true }).waitFor({ timeout: 30_000 });
  });

  it('bulk enriches the current search results into a new list, with a count clamped to the results', async () => {
    const { page } = await signedUpOnSearch('bulk');
    await page.getByRole('button', { name: 'Bulk Enrich' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Enrich' });
    await dialog.getByRole('radio', { name: /The current search results/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const count = dialog.getByRole('textbox', { name: 'Number of prospects' });
    await count.fill('0');
    await count.blur();
    expect(await count.inputValue()).toBe('1');
    await count.fill('5');
    await dialog.getByRole('checkbox', { name: 'Phone' }).uncheck();
    await dialog.getByTestId('maximum-credits').getByText('Maximum credits: 250').waitFor();
    await typeListName(dialog, 'Five from search');
    await dialog.getByRole('button', { name: 'Enrich', exact: true }).click();
    await expectToast(page, ENRICHMENT_MESSAGES.prospectsBeingEnriched);
    await page.goto('/prospects/lists');
    await listRow(page, 'Five from search').getByRole('link', { name: 'Five from search' }).click();
    await waitForRows(page, 'Prospects', 5);
  });

  it('enriches a CSV of LinkedIn URLs from the template, and refuses other columns', async () => {
    const { page } = await signedUpOnSearch('file');
    const target = (await firstPage()).find((p) => p.work_email && p.linkedin_url)!;
    await page.getByRole('button', { name: 'Bulk Enrich' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Enrich' });
    await dialog.getByRole('radio', { name: 'A CSV or Excel file' }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'LinkedIn URLs' }).click();
    expect((await download).suggestedFilename()).toBe('linkedin-urls-template.csv');

    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await chooseFile(dialog, csvFile('wrong.csv', [['Full Name', 'Company'], ['Ann Lee', 'Acme']]));
    await dialog.getByText('wrong.csv').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await typeListName(dialog, 'From a file');
    await dialog.getByRole('button', { name: 'Enrich', exact: true }).click();
    await dialog.getByRole('alert').getByText(ENRICHMENT_MESSAGES.templateMismatch).waitFor();

    await chooseFile(dialog, csvFile('urls.csv', [['LinkedinURLs'], [`https://www.${target.linkedin_url}/`]]));
    await dialog.getByText('urls.csv').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('1 prospect', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Enrich', exact: true }).click();
    await expectToast(page, ENRICHMENT_MESSAGES.fileBeingEnriched);
    await page.goto('/prospects/lists');
    await listRow(page, 'From a file').getByRole('link', { name: 'From a file' }).click();
    await dataTable(page, 'Prospects').getByText(target.work_email!, { exact: true }).waitFor({ timeout: 30_000 });
  });

  it('enriches a whole list from its page', async () => {
    const { page } = await signedUpOnSearch('list');
    const targets = (await firstPage()).filter((p) => p.work_email && p.linkedin_url).slice(0, 3);
    for (const p of targets) await rowOf(page, p.full_name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save List' }).click();
    const save = page.getByRole('dialog', { name: 'Save List' });
    await typeListName(save, 'To enrich');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prospects saved to your list successfully!');
    await page.goto('/prospects/lists');
    await listRow(page, 'To enrich').getByRole('link', { name: 'To enrich' }).click();
    await page.getByRole('button', { name: 'Bulk enrich' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk enrich this list' });
    await typeListName(dialog, 'To enrich');
    await page.keyboard.press('Tab');
    await dialog.getByRole('checkbox', { name: 'Phone' }).uncheck();
    await dialog.getByRole('button', { name: 'Enrich', exact: true }).click();
    await expectToast(page, ENRICHMENT_MESSAGES.prospectsBeingEnriched);
    for (const p of targets) await dataTable(page, 'Prospects').getByText(p.work_email!, { exact: true }).waitFor({ timeout: 30_000 });
  });
});
