import { Stack } from '@mantine/core';
import { EnrichmentPreferences } from '../../company/components/EnrichmentPreferences';
import { EmailAccountsSection } from '../../mailboxes/components/EmailAccountsSection';
import { NotSetUpSection } from './SettingsNotice';

/** /settings?tab=accounts (spec/settings.md §2): Enrichment Preferences, Email Accounts, LinkedIn Accounts, Power Dialer Numbers. */
export function AccountsSettings() {
  return (
    <Stack gap="lg">
      <EnrichmentPreferences />
      <EmailAccountsSection />
      <NotSetUpSection title="LinkedIn Accounts" description="LinkedIn accounts that send connection requests and messages for your campaigns." />
      <NotSetUpSection title="Power Dialer Numbers" description="Phone numbers rented for the power dialer, and your voicemail templates." />
    </Stack>
  );
}
