import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, submitSignUp, type NewUser } from './support/app.js';
import { useE2E } from './support/harness.js';

const SHOTS = path.resolve(import.meta.dirname, 'artifacts/tours');

/** A new owner past onboarding who has seen no tour yet. */
async function onboardedUser(page: Page, user: NewUser) {
  await submitSignUp(page, user);
  const finished = await page.request.put('/userInfo', { data: { onboardingStep: 'finished' } });
  expect(finished.ok()).toBe(true);
}

const popover = (page: Page) => page.locator('.driver-popover');
const tourStep = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const completedTours = async (page: Page): Promise<string[]> => (await (await page.request.get('/api/cookies/me')).json()).user.completedOnboardingTours;
/** The label of the focused element: the popover puts the keyboard on its main button. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * Acts until the tour shows `reached`: driver.js ignores keys and clicks while a step is still
 * moving into place, which a loaded machine makes long enough to swallow a press.
 */
async function moveTour(act: () => Promise<void>, reached: Locator) {
  for (let attempt = 0; attempt < 8; attempt++) {
    await act();
    if (await reached.waitFor({ timeout: 1_500 }).then(() => true, () => false)) return;
  }
  await reached.waitFor();
}

/** No tour opens: waited for longer than a tour takes to start. */
async function expectNoTour(page: Page) {
  await page.waitForTimeout(1_500);
  expect(await popover(page).count()).toBe(0);
}

describe('guided tours', () => {
  const e2e = useE2E({ people: 200 });

  it('runs the lists tour once, by keyboard alone, and not again after a reload; Replay tours brings it back', async () => {
    const page = await e2e.newPage();
    await onboardedUser(page, newUser({ name: 'Tia Tour', email: 'tia@tours.test' }));
    await page.goto('/prospects/lists');

    await tourStep(page, 'Upload a file of prospects').waitFor();
    expect(await popover(page).getByText('1 of 3').count()).toBe(1);
    await expect.poll(() => focusedText(page)).toBe('Next');
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `lists-${width}.png`) });
    }

    await moveTour(() => page.keyboard.press('ArrowRight'), tourStep(page, 'Or a list of companies'));
    await moveTour(() => page.keyboard.press('ArrowLeft'), tourStep(page, 'Upload a file of prospects'));
    await expect.poll(() => focusedText(page)).toBe('Next');
    await moveTour(() => page.keyboard.press('Enter'), tourStep(page, 'Or a list of companies'));
    await expect.poll(() => focusedText(page)).toBe('Next');
    await moveTour(() => page.keyboard.press('Enter'), tourStep(page, 'Your lists'));
    expect(await popover(page).getByText('3 of 3').count()).toBe(1);
    await expect.poll(() => focusedText(page)).toBe('Done');
    await page.keyboard.press('Enter');
    await popover(page).waitFor({ state: 'detached' });
    await expect.poll(() => completedTours(page)).toEqual(['prospect-lists']);

    await page.reload();
    await page.getByRole('heading', { name: 'Prospect Lists' }).waitFor();
    await expectNoTour(page);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Replay tours' }).click();
    await tourStep(page, 'Upload a file of prospects').waitFor();
    expect(await completedTours(page)).toEqual([]);
  });

  it('waits on the search tour before its results steps and reopens at step index 2 when results arrive; Escape skips and records it', async () => {
    const page = await e2e.newPage();
    await onboardedUser(page, newUser({ name: 'Sam Search', email: 'sam@tours.test' }));
    // Hold the first search's answer back until the tour has reached its second step.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search/contacts', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/prospects/search');

    await tourStep(page, 'Describe who you are looking for').waitFor();
    await moveTour(() => page.keyboard.press('Enter'), tourStep(page, 'Search'));
    expect(await popover(page).getByText('2 of 5').count()).toBe(1);
    await popover(page).getByRole('button', { name: 'Next' }).click();
    // No results yet: the tour steps aside without being recorded.
    await popover(page).waitFor({ state: 'detached' });
    expect(await completedTours(page)).toEqual([]);

    release();
    await tourStep(page, 'Your results').waitFor();
    expect(await popover(page).getByText('3 of 5').count()).toBe(1);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `search-${width}.png`) });
    }
    await page.keyboard.press('Escape');
    await popover(page).waitFor({ state: 'detached' });
    await expect.poll(() => completedTours(page)).toEqual(['prospect-search']);

    await page.unroute('**/search/contacts');
    await page.reload();
    await page.locator('table tbody tr').nth(1).waitFor();
    await expectNoTour(page);
  });

  it('runs the new campaign tour through its 4 steps once, and not again after a reload', async () => {
    const page = await e2e.newPage();
    await onboardedUser(page, newUser({ name: 'Cam Paign', email: 'cam@tours.test' }));
    await page.goto('/engage/sequences/new-campaign');

    const titles = ['AI generated or basic', 'Who gets it, and when', 'Write the sequence', 'Create, then launch'];
    await tourStep(page, titles[0]!).waitFor();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'new-campaign-1280.png') });
    for (let index = 0; index < titles.length; index++) {
      expect(await popover(page).getByText(`${index + 1} of 4`).count()).toBe(1);
      const next = titles[index + 1];
      const button = popover(page).getByRole('button', { name: next ? 'Next' : 'Done' });
      await moveTour(() => button.click(), next ? tourStep(page, next) : page.locator('body:not(:has(.driver-popover))'));
    }
    await expect.poll(() => completedTours(page)).toEqual(['new-campaign']);

    await page.reload();
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await expectNoTour(page);
  });

  it('runs the Insights tour through its 4 steps once, on a team without campaigns, and not again after a reload', async () => {
    const page = await e2e.newPage();
    await onboardedUser(page, newUser({ name: 'Ian Sight', email: 'ian@tours.test' }));
    await page.goto('/insights/sequences');

    const titles = ['Compare your campaigns', 'Rates that compare', 'Sort by what matters', 'Act on it'];
    await tourStep(page, titles[0]!).waitFor();
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `insights-${width}.png`) });
    }
    for (let index = 0; index < titles.length; index++) {
      expect(await popover(page).getByText(`${index + 1} of 4`).count()).toBe(1);
      const next = titles[index + 1];
      const button = popover(page).getByRole('button', { name: next ? 'Next' : 'Done' });
      await moveTour(() => button.click(), next ? tourStep(page, next) : page.locator('body:not(:has(.driver-popover))'));
    }
    await expect.poll(() => completedTours(page)).toEqual(['insights']);

    await page.reload();
    await page.getByRole('heading', { name: 'Campaign insights' }).waitFor();
    await expectNoTour(page);
  });
});
