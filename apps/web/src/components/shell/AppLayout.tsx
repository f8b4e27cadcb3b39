import { Burger, Group } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useEffect, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { CreditsBanner } from '../../features/credits/components/CreditsBanner';
import { PendingInvitations } from '../../features/team-management/components/PendingInvitations';
import classes from './AppFrame.module.css';
import { BreadcrumbTailProvider, HeaderBreadcrumbs } from './breadcrumbs';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

const SIDEBAR_OPEN_WIDTH = 350;
const SIDEBAR_COLLAPSED_WIDTH = 58;

/** The signed-in frame: sidebar, header with breadcrumbs and menus, invitations, then the page. */
export function AppLayout() {
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'leadline-sidebar-collapsed',
    defaultValue: false,
    // Read at first render, so a reload does not animate from the default width.
    getInitialValueInEffect: false,
  });
  const [mobileOpened, mobile] = useDisclosure(false);
  // Below the breakpoint the sidebar is a full-width drawer, where icon-only mode makes no sense.
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const iconOnly = collapsed && isDesktop;
  const { pathname } = useLocation();
  const closeMobile = mobile.close;
  // Following a link in the mobile drawer closes it.
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  const frameStyle = { '--frame-navbar-width': `${iconOnly ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_OPEN_WIDTH}px` } as CSSProperties;

  return (
    <BreadcrumbTailProvider>
      <div className={classes.frame} style={frameStyle}>
        {/* A dialog's scroll lock moves this fixed header off the scrollbar it hides, as it does the page. */}
        <header className={`${classes.header} ${zeroRightClassName}`}>
          <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger opened={mobileOpened} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="Open navigation" />
              <HeaderBreadcrumbs />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <ThemeToggle />
              <UserMenu />
            </Group>
          </Group>
        </header>
        <Sidebar
          collapsed={iconOnly}
          drawer={!isDesktop}
          opened={mobileOpened}
          onToggle={isDesktop ? () => setCollapsed((value) => !value) : closeMobile}
        />
        <main className={classes.main}>
          <CreditsBanner />
          <PendingInvitations />
          <Outlet />
        </main>
      </div>
    </BreadcrumbTailProvider>
  );
}
