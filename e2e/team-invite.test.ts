import { LISTS_MESSAGES, MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, memberRow, newUser, openTeamSettings, signIn, signUp, submitInvite } from './support/app.js';
import { useE2E } from './support/harness.js';

/** Without SMTP the invite dialog shows each link; this reads one and closes the dialog. */
async function copyInvitationLink(owner: Page, email: string): Promise<string> {
  const dialog = owner.getByRole('dialog', { name: 'Invite members' });
  const field = dialog.getByLabel(`Invitation link for ${email}`);
  const link = await field.inputValue();
  await dialog.getByRole('button', { name: `Copy the link for ${email}` }).click();
  await expectToast(owner, LISTS_MESSAGES.copied);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return link;
}

describe('inviting a colleague into the team by link', () => {
  const e2e = useE2E();
  const ann = newUser({ name: 'Ann Owner', email: 'ann@acme.test', companyName: 'Acme' });
  const bob = newUser({ name: 'Bob Builder', email: 'bob@acme.test' });
  let bobLink = '';

  it('lets the owner invite a colleague who opens the link signed out, signs up and joins with the invited role', async () => {
    const owner = await e2e.newPage();
    await signUp(owner, ann);
    await openTeamSettings(owner);
    await memberRow(owner, ann.email).getByText('ACTIVE').waitFor();

    await submitInvite(owner, { name: bob.name, email: bob.email, role: 'Admin' });
    bobLink = await copyInvitationLink(owner, bob.email);
    expect(bobLink).toMatch(new RegExp(`^${e2e.url}/invite/[\\w-]{43}$`));
    await memberRow(owner, bob.email).getByText('INVITED').waitFor();

    // A fresh browser context: Bob has no session and no account yet.
    const colleague = await e2e.newPage();
    await colleague.goto(bobLink);
    await colleague.getByText('Ann Owner invited bob@acme.test to join Acme as admin.').waitFor();
    expect(await colleague.getByLabel('Work email').inputValue()).toBe(bob.email);
    expect(await colleague.getByLabel('Company name').count()).toBe(0);
    await colleague.getByLabel('Full name').fill(bob.name);
    await colleague.getByLabel('Password', { exact: true }).fill(bob.password);
    await colleague.getByRole('button', { name: 'Create account and join' }).click();
    await colleague.getByRole('heading', { name: `Welcome, ${bob.name}` }).waitFor();
    // Bob belongs to Acme as an admin: the sidebar shows Acme and the team tab is open to him.
    await colleague.getByRole('navigation', { name: 'Main navigation' }).getByText('Acme', { exact: true }).waitFor();
    await colleague.getByRole('button', { name: 'User menu' }).click();
    await colleague.getByRole('menuitem', { name: 'Team' }).waitFor();
    await colleague.keyboard.press('Escape');

    await owner.reload();
    await memberRow(owner, bob.email).getByText('ACTIVE').waitFor();
    expect(await memberRow(owner, bob.email).innerText()).toContain('Admin');

    // The link works once.
    const again = await e2e.newPage();
    await again.goto(bobLink);
    await again.getByText(MESSAGES.inviteLinkInvalid).waitFor();
  });

  it("refuses someone else's address using the link", async () => {
    const owner = await e2e.newPage();
    await signIn(owner, ann);
    await openTeamSettings(owner);
    await submitInvite(owner, { name: 'Cat', email: 'cat@acme.test' });
    const catLink = await copyInvitationLink(owner, 'cat@acme.test');

    const mallory = await e2e.newPage();
    await signUp(mallory, newUser({ name: 'Mal Lory', email: 'mallory@acme.test', companyName: 'Mal Co' }));
    await mallory.goto(catLink);
    await mallory.getByText('You are signed in as mallory@acme.test.').waitFor();
    await mallory.getByRole('button', { name: 'Accept' }).click();
    await mallory.getByRole('alert').getByText(MESSAGES.inviteOtherAddress).waitFor();

    await owner.reload();
    await memberRow(owner, 'cat@acme.test').getByText('INVITED').waitFor();
    expect(await memberRow(owner, 'mallory@acme.test').count()).toBe(0);
  });

  it('lets someone with an account log in from the link and accept', async () => {
    const dan = newUser({ name: 'Dan Early', email: 'dan@acme.test', companyName: 'Dan Solo' });
    const early = await e2e.newPage();
    await signUp(early, dan);
    await early.context().close();

    const owner = await e2e.newPage();
    await signIn(owner, ann);
    await openTeamSettings(owner);
    await submitInvite(owner, { name: dan.name, email: dan.email });
    const danLink = await copyInvitationLink(owner, dan.email);

    const visitor = await e2e.newPage();
    await visitor.goto(danLink);
    await visitor.getByRole('link', { name: 'Log in to accept' }).click();
    await visitor.getByLabel('Email').fill(dan.email);
    await visitor.getByLabel('Password', { exact: true }).fill(dan.password);
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.getByText(`You are signed in as ${dan.email}.`).waitFor();
    await visitor.getByRole('button', { name: 'Accept' }).click();
    await expectToast(visitor, 'You joined Acme.');
    await visitor.getByRole('navigation', { name: 'Main navigation' }).getByText('Acme', { exact: true }).waitFor();
  });

  it('searches the members table on the server', async () => {
    const owner = await e2e.newPage();
    await signIn(owner, ann);
    await openTeamSettings(owner);
    await memberRow(owner, bob.email).waitFor();

    await owner.getByRole('textbox', { name: 'Search members' }).fill('bob');
    await memberRow(owner, ann.email).waitFor({ state: 'detached' });
    await memberRow(owner, bob.email).waitFor();

    await owner.getByRole('textbox', { name: 'Search members' }).fill('nobody-here');
    await owner.getByText('No results.').waitFor();
  });
});
