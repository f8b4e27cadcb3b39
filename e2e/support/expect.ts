import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { breadcrumbs } from './app.js';

export async function expectBreadcrumbs(page: Page, expected: string[]) {
  await expect.poll(() => breadcrumbs(page)).toEqual(expected);
}
