import { MESSAGES } from '@leadline/shared';
import { describe, it } from 'vitest';
import { newUser, openTeamSettings, signIn, signUp, submitInvite } from './support/app.js';
import { useE2E } from './support/harness.js';

describe('invitation errors', () => {
  const e2e = useE2E();
  const ann = newUser();

  it('refuses an address from another domain with the spec message, in the dialog', async () => {
    const owner = await e2e.newPage();
    await signUp(owner, ann);
    await openTeamSettings(owner);

    const dialog = await submitInvite(owner, { name: 'Bob Other', email: 'bob@other.test' });
    await dialog.getByText(MESSAGES.inviteSameDomain).waitFor();
  });

  it('refuses to invite the same address twice', async () => {
    const owner = await e2e.newPage();
    await signIn(owner, ann);
    await openTeamSettings(owner);

    const first = await submitInvite(owner, { name: 'Bob', email: 'bob@acme.test', role: 'Admin' });
    // Without mail the dialog shows the invitation's link to pass on.
    await first.getByLabel('Invitation link for bob@acme.test').waitFor();
    await first.getByRole('button', { name: 'Done' }).click();
    await first.waitFor({ state: 'hidden' });

    const second = await submitInvite(owner, { name: 'Bob again', email: 'bob@acme.test' });
    await second.getByText(MESSAGES.inviteDuplicate).waitFor();
  });
});
