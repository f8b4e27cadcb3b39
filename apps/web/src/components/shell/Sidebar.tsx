import { ActionIcon, Avatar, Box, Divider, Group, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../features/auth/api';
import frame from './AppFrame.module.css';
import { SIDEBAR_GROUPS } from './navigation';
import classes from './Sidebar.module.css';
import { SidebarItemLink } from './SidebarItemLink';

/**
 * `drawer`: the full-width mobile menu, whose toggle closes it instead of collapsing it;
 * `opened`: whether that drawer is on screen.
 */
type SidebarProps = { collapsed: boolean; drawer: boolean; opened: boolean; onToggle: () => void };

function CompanyHeader({ collapsed }: { collapsed: boolean }) {
  const { user } = useCurrentUser();
  const logo = (
    <Avatar src={user.logoUrl} name={user.companyName} color="initials" radius="md" size={36} alt={`${user.companyName} logo`} />
  );
  return (
    <Box className={`${frame.section} ${classes.company}`} px={collapsed ? 0 : 'md'}>
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
    </Box>
  );
}

export function Sidebar({ collapsed, drawer, opened, onToggle }: SidebarProps) {
  const toggleLabel = drawer ? 'Close navigation' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <nav className={frame.navbar} data-opened={opened || undefined} aria-label="Main navigation">
      <CompanyHeader collapsed={collapsed} />
      <ScrollArea className={frame.grow} px={collapsed ? 8 : 'sm'} py="sm" scrollbarSize={6}>
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
      </ScrollArea>
      <Box className={`${frame.section} ${classes.footer}`} p={collapsed ? 8 : 'sm'}>
        <Group justify={collapsed ? 'center' : 'flex-end'}>
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={toggleLabel} onClick={onToggle}>
              <ToggleIcon size={20} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Box>
    </nav>
  );
}
