import { SETTINGS_TABS, settingsTabsFor, type SettingsTab } from '@leadline/shared';
import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ApiCockpit } from '../../api-keys/components/ApiCockpit';
import { useCurrentUser } from '../../auth/api';
import { BillingTab, CreditsTab } from '../../billing/tabs';
import { CompanyInfoForm } from '../../company/components/CompanyInfoForm';
import { PostalAddressForm } from '../../company/components/PostalAddressForm';
import { IcpTable } from '../../icp-filters/components/IcpTable';
import { KnowledgeProfilesTable } from '../../knowledge-hub/components/KnowledgeProfilesTable';
import { IntegrationsTab } from '../../integrations/components/IntegrationsTab';
import { TeamSettings } from '../../team-management/components/TeamSettings';
import { AccountsSettings } from '../components/AccountsSettings';
import { NotSetUpSection, SettingsNotice } from '../components/SettingsNotice';

const NOT_SET_UP_AREA = 'This settings area is not set up on this server yet.';
const NO_ACCESS = "You don't have access to this settings area.";

/** Each tab's content; a tab whose area this server does not run says so instead of showing an empty form. */
const TAB_CONTENT: Partial<Record<SettingsTab, () => ReactNode>> = {
  company: () => (
    <Stack gap="lg">
      <CompanyInfoForm />
      <PostalAddressForm />
      <KnowledgeProfilesTable />
      <IcpTable />
    </Stack>
  ),
  team: () => <TeamSettings />,
  integrations: () => <IntegrationsTab />,
  api_cockpit: () => <ApiCockpit />,
  accounts: () => <AccountsSettings />,
  website: () => (
    <NotSetUpSection title="Website visitor tracking" description="A script tag for your website that shows which people and companies visit it." />
  ),
  billing: () => <BillingTab />,
  credits: () => <CreditsTab />,
};

const isSettingsTab = (value: string | null): value is SettingsTab => SETTINGS_TABS.some((t) => t.tab === value);

/** /settings?tab=X: the tabs of spec/settings.md §2 that the user's role may open (§6). */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const allowed = settingsTabsFor(user.permission);
  const requested = params.get('tab');

  if (!isSettingsTab(requested)) {
    return <Navigate to={`/settings?tab=${allowed[0]?.tab ?? 'company'}`} replace />;
  }
  const permitted = allowed.some((t) => t.tab === requested);

  return (
    <Stack gap="lg">
      <Title order={2}>Settings</Title>
      <Tabs value={permitted ? requested : null} onChange={(tab) => tab && setParams({ tab })} keepMounted={false}>
        <Tabs.List mb="lg">
          {allowed.map(({ tab, label }) => (
            <Tabs.Tab key={tab} value={tab}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {allowed.map(({ tab }) => (
          <Tabs.Panel key={tab} value={tab}>
            {TAB_CONTENT[tab]?.() ?? <SettingsNotice>{NOT_SET_UP_AREA}</SettingsNotice>}
          </Tabs.Panel>
        ))}
      </Tabs>
      {!permitted && <SettingsNotice>{NO_ACCESS}</SettingsNotice>}
    </Stack>
  );
}
