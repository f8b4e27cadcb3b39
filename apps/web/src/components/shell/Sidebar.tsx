import { ActionIcon, AppShell, Avatar, Divider, Group, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../features/auth/api';
import { SIDEBAR_GROUPS } from './navigation';
import classes from './Sidebar.module.css';
import { SidebarItemLink } from './SidebarItemLink';

/** `drawer`: the full-width mobile menu, whose toggle closes it instead of collapsing it. */
type SidebarProps = { collapsed: boolean; drawer: boolean; onToggle: () => void };

function CompanyHeader({ collapsed }: { collapsed: boolean }) {
  const { user } = useCurrentUser();
  const logo = (
    <Avatar src={user.logoUrl} name={user.companyName} color="initials" radius="md" size={36} alt={`${user.companyName} logo`} />
  );
  return (
    <AppShell.Section className={classes.company} px={collapsed ? 0 : 'md'}>
      <Group h={60} gap="sm" wrap="nowrap" justify={collapsed ? 'center' : 'flex-start'}>
        <Tooltip label={user.companyName} position="right" withArrow disabled={!collapsed}>
          <UnstyledButton component={Link} to="/" aria-label={`${user.companyName} home`} display="flex">
            {logo}
          </UnstyledButton>
        </Tooltip>
        {!collapsed && (
          <Text fw={700} truncate>
            {user.companyName}
          </Text>
        )}
      </Group>
    </AppShell.Section>
  );
}

export function Sidebar({ collapsed, drawer, onToggle }: SidebarProps) {
  const toggleLabel = drawer ? 'Close navigation' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <AppShell.Navbar aria-label="Main navigation">
      <CompanyHeader collapsed={collapsed} />
      <AppShell.Section grow component={ScrollArea} px={collapsed ? 8 : 'sm'} py="sm" scrollbarSize={6}>
        {SIDEBAR_GROUPS.map((group, i) => (
          <div key={group.label ?? 'main'} role="group" aria-label={group.label ?? 'General'}>
            {group.label &&
              (collapsed ? (
                <Divider className={classes.groupDivider} />
              ) : (
                <div className={classes.groupLabel} aria-hidden>
                  {group.label}
                </div>
              ))}
            {!group.label && i > 0 && <Divider className={classes.groupDivider} />}
            <Stack gap={2}>
              {group.items.map((item) => (
                <SidebarItemLink key={item.route} item={item} collapsed={collapsed} />
              ))}
            </Stack>
          </div>
        ))}
      </AppShell.Section>
      <AppShell.Section className={classes.footer} p={collapsed ? 8 : 'sm'}>
        <Group justify={collapsed ? 'center' : 'flex-end'}>
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={toggleLabel} onClick={onToggle}>
              <ToggleIcon size={20} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
