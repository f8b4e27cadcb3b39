import { describe, expect, it } from 'vitest';
import { expectToast, memberRow, newUser, openTeamSettings, signIn, signUp, submitInvite } from './support/app.js';
import { useE2E } from './support/harness.js';

describe('inviting a colleague into the team', () => {
  const e2e = useE2E();
  const ann = newUser({ name: 'Ann Owner', email: 'ann@acme.test', companyName: 'Acme' });
  const bob = newUser({ name: 'Bob Builder', email: 'bob@acme.test', companyName: 'Bob Solo' });

  it('lets the owner invite a same-domain colleague who accepts and becomes an active member', async () => {
    const owner = await e2e.newPage();
    await signUp(owner, ann);
    await openTeamSettings(owner);
    await memberRow(owner, ann.email).getByText('ACTIVE').waitFor();
    expect(await memberRow(owner, ann.email).innerText()).toContain('Full Access');

    const dialog = await submitInvite(owner, { name: bob.name, email: bob.email });
    await expectToast(owner, 'Invitations sent successfully!');
    await dialog.waitFor({ state: 'hidden' });
    await memberRow(owner, bob.email).getByText('INVITED').waitFor();
    expect(await memberRow(owner, bob.email).innerText()).toContain('View Only Access');

    const colleague = await e2e.newPage();
    await signUp(colleague, bob);
    const invitation = colleague.getByRole('region', { name: 'Invitation to Acme' });
    await invitation.getByText('Ann Owner invited you to join Acme as member').waitFor();
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expectToast(colleague, 'You joined Acme.');
    await invitation.waitFor({ state: 'detached' });
    // Bob now belongs to Acme as a member: the sidebar shows Acme and the team tab is closed to him.
    await colleague.getByRole('navigation', { name: 'Main navigation' }).getByText('Acme', { exact: true }).waitFor();
    await colleague.getByRole('button', { name: 'User menu' }).click();
    await colleague.getByRole('menuitem', { name: 'Company' }).waitFor();
    expect(await colleague.getByRole('menuitem', { name: 'Team' }).count()).toBe(0);
    await colleague.keyboard.press('Escape');
    await colleague.goto('/settings?tab=team');
    await colleague.getByText("You don't have access to this settings area.").waitFor();

    await owner.reload();
    await memberRow(owner, bob.email).getByText('ACTIVE').waitFor();
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
