import { afterAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../apps/server/src/test/dns/dns-server.js';
import { startMxFixture, VERIFICATION_ZONE } from '../apps/server/src/test/mail/mx-fixture.js';
import { expectToast, newUser } from './support/app.js';
import { useE2E } from './support/harness.js';
import { csvFile, dataTable, uploadCsvToList, waitForRows } from './support/lists.js';
import { signedUpSession } from './support/search.js';

// The outside world of a verification, on loopback: a DNS server and the domain's mail server.
const dns = await startDnsServer(VERIFICATION_ZONE);
const mx = await startMxFixture(['ann@valid.test']);
afterAll(async () => {
  await mx.close();
  await dns.close();
});

describe('uploaded emails', () => {
  const e2e = useE2E({
    config: { outboundAllowPrivate: true, emailVerification: { dnsServers: [dns.server], smtpPort: mx.port, heloName: 'leadline.test', timeoutMs: 3_000 } },
  });

  it('show as unverified, and are verified one by one or for the whole list', async () => {
    const inSession = await signedUpSession(await e2e.newPage(), newUser({ name: 'Vera Verifier', email: 'vera@verify.test', companyName: 'Verify Co' }));
    const page = await inSession(await e2e.newPage());
    await page.goto('/prospects/lists');
    const file = csvFile('emails.csv', [
      ['Full Name', 'Company', 'Email'],
      ['Ann Valid', 'Valid', 'ann@valid.test'],
      ['Ben Gone', 'Valid', 'ben@valid.test'],
      ['Cat Any', 'Catchall', 'cat@catchall.test'],
    ]);
    const dialog = await uploadCsvToList(page, file, 'To verify');
    await dialog.waitFor({ state: 'hidden' });
    await waitForRows(page, 'Prospects', 3);
    const table = dataTable(page, 'Prospects');
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    const counts = page.getByTestId('list-counts');
    // Not "Accepts all", and not a work email until checked.
    await row('Ann Valid').getByText('Unverified', { exact: true }).waitFor();
    expect(await table.getByText('Accepts all', { exact: true }).count()).toBe(0);
    await counts.getByText(/0 with work email/).waitFor();

    await row('Ann Valid').getByRole('button', { name: 'Verify ann@valid.test' }).click();
    await expectToast(page, '1 email checked. ann@valid.test: The mail server accepts this mailbox.');
    await row('Ann Valid').getByText('Verified', { exact: true }).waitFor();
    expect(await row('Ann Valid').getByRole('button', { name: /^Verify / }).count()).toBe(0);
    await counts.getByText(/1 with work email/).waitFor();

    await page.getByRole('button', { name: 'Verify emails' }).click();
    await expectToast(page, 'Checking 2 emails. The list updates as they are checked.');
    await page.getByTestId('verify-progress').getByText('Completed').waitFor({ timeout: 30_000 });
    await row('Ben Gone').getByText('Do not email', { exact: true }).waitFor();
    await row('Cat Any').getByText('Accepts all', { exact: true }).waitFor();
    expect(await table.getByText('Unverified', { exact: true }).count()).toBe(0);
    // Each address was probed once (beside the made-up ones that tell a catch-all server).
    expect(mx.rcpts.filter((r) => !/^[0-9a-f]{18}@/.test(r)).sort()).toEqual(['ann@valid.test', 'ben@valid.test', 'cat@catchall.test']);
  });
});
