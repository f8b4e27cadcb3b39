import { MESSAGES } from '@leadline/shared';
import { Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { BUILT_MENU_ITEMS } from '../../pages';
import { isItemEnabled, type SidebarItem } from './navigation';
import classes from './Sidebar.module.css';

type SidebarItemLinkProps = { item: SidebarItem; collapsed: boolean };

/** One menu entry: a link when its area exists, otherwise a disabled button with a notice. */
export function SidebarItemLink({ item, collapsed }: SidebarItemLinkProps) {
  const icon = <item.icon size={20} stroke={1.7} className={classes.itemIcon} aria-hidden />;
  // Collapsed items show only the icon: the label stays in the accessibility tree.
  const label = collapsed ? <VisuallyHidden>{item.label}</VisuallyHidden> : <span>{item.label}</span>;
  const collapsedMod = { 'data-collapsed': collapsed || undefined };

  if (isItemEnabled(item, BUILT_MENU_ITEMS)) {
    return (
      <Tooltip label={item.label} position="right" withArrow disabled={!collapsed}>
        <UnstyledButton
          component={NavLink}
          to={item.route}
          end={item.route === '/'}
          className={classes.item}
          {...collapsedMod}
        >
          {icon}
          {label}
        </UnstyledButton>
      </Tooltip>
    );
  }

  return (
    <Tooltip
      label={
        collapsed ? (
          <>
            <Text size="sm" fw={600}>
              {item.label}
            </Text>
            <Text size="xs">{MESSAGES.notBuiltYet}</Text>
          </>
        ) : (
          MESSAGES.notBuiltYet
        )
      }
      position="right"
      withArrow
      multiline
      w={240}
    >
      {/* aria-disabled, not disabled: a disabled button gets no hover, so no tooltip. */}
      <UnstyledButton type="button" aria-disabled="true" className={classes.item} {...collapsedMod}>
        {icon}
        {label}
      </UnstyledButton>
    </Tooltip>
  );
}
