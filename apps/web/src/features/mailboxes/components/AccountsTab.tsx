import { Stack } from '@mantine/core';
import { EmailAccountsSection } from './EmailAccountsSection';

/** /settings?tab=accounts: the Email Accounts section (enrichment preferences, LinkedIn and dialer numbers come with their features). */
export function AccountsTab() {
  return (
    <Stack gap="lg">
      <EmailAccountsSection />
    </Stack>
  );
}
