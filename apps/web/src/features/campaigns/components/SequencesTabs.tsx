import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

const TABS = [
  { path: '/engage/sequences', label: 'Campaigns' },
  { path: '/engage/sequences/campaign-templates', label: 'Templates' },
  { path: '/engage/sequences/suppressions', label: 'Suppressions' },
] as const;

/** The three screens of Engage → Campaigns: each tab is a page with its own address. */
export function SequencesTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Tabs value={pathname} onChange={(path) => path && void navigate(path)} aria-label="Campaign screens">
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
