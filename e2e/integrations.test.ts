import { INTEGRATION_MESSAGES, MAIL_OAUTH_MESSAGES, SLACK_MESSAGES, ZAPIER_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomContact } from '../apps/server/src/features/contacts/index.js';
import * as listsRepo from '../apps/server/src/features/lists/lists.repository.js';
import { startHubSpotServer } from '../apps/server/src/test/vendors/hubspot-server.js';
import { startSlackServer, startZapierServer } from '../apps/server/src/test/vendors/slack-zapier-servers.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';

// The server talks to loopback HubSpot, Slack and Zapier servers; the browser goes through
// HubSpot's and Slack's OAuth pages (which approve at once) and back.
const e2e = useAppUnderTest({
  fixtures: async (keep) => ({
    hubspot: keep(await startHubSpotServer({ clientId: 'hs', clientSecret: 'hs-secret', user: 'ops@crm.test', hubId: 777 })),
    slack: keep(await startSlackServer({ clientId: 'sl', clientSecret: 'sl-secret', channels: ['sales-wins'] })),
    zapier: keep(await startZapierServer()),
  }),
  app: ({ hubspot, slack }) => ({
    work: true,
    config: {
      outboundAllowPrivate: true,
      hubspot: { clientId: 'hs', clientSecret: 'hs-secret', authUrl: hubspot.url, apiUrl: hubspot.url, appUrl: 'https://app.hubspot.com' },
      slack: { clientId: 'sl', clientSecret: 'sl-secret', authUrl: slack.url, apiUrl: `${slack.url}/api` },
    },
  }),
});

// Redirect URIs come from PUBLIC_URL only, and the port is known only now.
beforeAll(() => {
  e2e.ctx.config.publicUrl = e2e.url;
});

async function signedUp(label: string) {
  const page = await e2e.newPage();
  const owner = await signUpOwner(page, e2e, newUser({ email: `${label}@integrate.test`, name: 'Ivy Integrator' }));
  return { page, teamId: owner.teamId, userId: owner.userId };
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('integrations', () => {
  it('connects HubSpot through its OAuth page, pushes a list, and shows what the CRM said on each contact', async () => {
    const { page, teamId, userId } = await signedUp('hubspot');
    const list = await listsRepo.insertList(e2e.ctx.db, { teamId, name: 'Conference leads', entityType: 'contactList', createdBy: userId });
    const ids = [];
    for (const [name, email] of [['Ada Good', 'ada@good-co.com'], ['Bob Good', 'bob@good-co.com'], ['Cy Broken', 'cy@broken']] as const) {
      ids.push((await createCustomContact(e2e.ctx.db, teamId, { fullName: name, email, companyName: 'Good Co' })).id);
    }
    await listsRepo.addContactsToList(e2e.ctx.db, teamId, list.id, ids, null);

    await page.goto('/settings?tab=integrations');
    await expect.poll(() => card(page, 'Salesforce').getByText('Not configured', { exact: true }).isVisible()).toBe(true);
    // Google and Microsoft connect mailboxes through the Accounts tab's sign-in; without their apps, the cards say so.
    await card(page, 'Google').getByText(MAIL_OAUTH_MESSAGES.notConfigured('gmail')).waitFor();
    await card(page, 'Microsoft').getByRole('link', { name: 'Connect with an app password' }).waitFor();
    await card(page, 'HubSpot').getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL('**/settings/hubspot');
    await expectToast(page, 'HubSpot connected successfully!');
    await page.getByText('ops@crm.test').waitFor();
    await page.getByText('777').waitFor();

    await page.goto(`/prospects/lists/people/${list.id}`);
    await page.getByRole('button', { name: 'CRM Push' }).click();
    const dialog = page.getByRole('dialog', { name: 'CRM Push' });
    await dialog.getByText('Conference leads').waitFor();
    await dialog.getByRole('button', { name: 'Push', exact: true }).click();
    await expectToast(page, INTEGRATION_MESSAGES.pushQueued('HubSpot'));
    await dialog.getByText('Completed').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('link', { name: 'Open Ada Good in HubSpot' }).waitFor();
    await page.getByRole('button', { name: /^CRM Error: .*cy@broken is invalid/ }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'CRM Error:' }).waitFor();
    expect([...e2e.fixtures.hubspot.contacts.values()].map((c) => c.email).sort()).toEqual(['ada@good-co.com', 'bob@good-co.com']);

    // The other CRM cannot be connected while HubSpot is, and its page sends the user back.
    await page.goto('/settings?tab=integrations');
    await expect.poll(() => card(page, 'HubSpot').getByText('Connected', { exact: true }).isVisible()).toBe(true);
    expect(await card(page, 'Salesforce').getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    await page.goto('/settings/salesforce');
    await page.waitForURL(/\/settings\?tab=/);

    // Sync settings: Save only once something changed.
    await page.goto('/settings/hubspot?tab=sync');
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByLabel('Pull contacts every hour').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Pull contacts every hour').check();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await expectToast(page, INTEGRATION_MESSAGES.settingsSaved('HubSpot'));
    await expect.poll(() => save.isDisabled()).toBe(true);
  });

  it('validates, adds and tests a Zapier webhook', async () => {
    const { page } = await signedUp('zapier');
    await page.goto('/settings?tab=integrations');
    await card(page, 'Zapier').getByRole('link', { name: 'Manage' }).click();
    await page.waitForURL('**/settings/zapier');
    const input = page.getByLabel('Webhook URL');
    await expect.poll(() => page.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await input.fill('https://example.com/hooks/nope');
    await input.press('Enter');
    await page.getByText(ZAPIER_MESSAGES.invalidLink).waitFor();
    const hook = e2e.fixtures.zapier.hookUrl('4242', 'zxcv12');
    await input.fill(hook);
    await page.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, ZAPIER_MESSAGES.webhookAdded);
    await page.getByRole('table', { name: 'Zapier webhooks' }).getByText(hook).waitFor();
    await page.getByRole('button', { name: 'Test Trigger' }).click();
    await expectToast(page, ZAPIER_MESSAGES.testSent);
    expect(e2e.fixtures.zapier.received.at(-1)).toMatchObject({ hook: '4242/zxcv12', payload: { test: true } });
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Send newly enriched contacts to my webhooks automatically').check();
    await save.click();
    await expectToast(page, ZAPIER_MESSAGES.autoPushSaved);
    await page.getByRole('button', { name: `Remove ${hook}` }).click();
    await expectToast(page, ZAPIER_MESSAGES.webhookRemoved);
    await page.getByText('No webhooks yet.').waitFor();
  });

  it('walks the Slack dialog: install, invite, channel', async () => {
    const { page } = await signedUp('slack');
    await page.goto('/settings?tab=integrations');
    await card(page, 'Slack').getByRole('button', { name: 'Set up' }).click();
    let dialog = page.getByRole('dialog', { name: 'Connect Slack' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('/invite @Leadline').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await dialog.getByLabel('Channel name').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Install Slack app' }).click();

    // Slack's page approves and sends us back: the dialog opens again at the invite step.
    await page.waitForURL('**/settings?tab=integrations&slack=installed');
    dialog = page.getByRole('dialog', { name: 'Connect Slack' });
    await dialog.getByText('/invite @Leadline').waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByText('Installed in Acme Workspace.').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const channel = dialog.getByLabel('Channel name');
    expect(await channel.isDisabled()).toBe(false);
    await channel.fill('   ');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await channel.fill('sales-wins');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, SLACK_MESSAGES.connected);
    await expect.poll(() => card(page, 'Slack').getByText('Connected', { exact: true }).isVisible()).toBe(true);
  });
});
