import { settingsTabsFor, type SettingsTab } from '@leadline/shared';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconApi,
  IconBuilding,
  IconCoins,
  IconCreditCard,
  IconLogout,
  IconPlugConnected,
  IconUserCircle,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser, useSignOut } from '../../features/auth/api';
import { ReplayToursItem } from '../../features/onboarding/components/ReplayToursItem';

const TAB_ICONS: Record<SettingsTab, Icon> = {
  company: IconBuilding,
  team: IconUsers,
  accounts: IconUserCircle,
  website: IconWorld,
  integrations: IconPlugConnected,
  api_cockpit: IconApi,
  billing: IconCreditCard,
  credits: IconCoins,
};

/** The avatar menu: who is signed in, the settings areas their role may open, and Sign Out. */
export function UserMenu() {
  const { user } = useCurrentUser();
  const signOut = useSignOut();

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" style={{ borderRadius: '50%' }}>
          <Avatar name={user.name} color="initials" radius="xl" size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div style={{ padding: '8px 12px' }}>
          <Text size="sm" fw={600} truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Label>Settings</Menu.Label>
        {settingsTabsFor(user.permission).map(({ tab, label }) => {
          const TabIcon = TAB_ICONS[tab];
          return (
            <Menu.Item key={tab} component={Link} to={`/settings?tab=${tab}`} leftSection={<TabIcon size={16} stroke={1.7} />}>
              {label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <ReplayToursItem />
        <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.7} />} onClick={() => signOut.mutate()}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
