import type { Permission } from '../auth/schemas.js';

/** The settings tabs of spec/settings.md §2, in menu order, with the roles of §6. */
export const SETTINGS_TABS = [
  { tab: 'company', label: 'Company', roles: ['TEAM_OWNER', 'TEAM_ADMIN', 'TEAM_MEMBER'] },
  { tab: 'team', label: 'Team', roles: ['TEAM_OWNER', 'TEAM_ADMIN'] },
  { tab: 'accounts', label: 'Accounts', roles: ['TEAM_OWNER', 'TEAM_ADMIN', 'TEAM_MEMBER'] },
  { tab: 'website', label: 'Website', roles: ['TEAM_OWNER', 'TEAM_ADMIN'] },
  { tab: 'integrations', label: 'Integrations', roles: ['TEAM_OWNER', 'TEAM_ADMIN'] },
  { tab: 'api_cockpit', label: 'API Cockpit', roles: ['TEAM_OWNER', 'TEAM_ADMIN'] },
  { tab: 'billing', label: 'Billing', roles: ['TEAM_OWNER'] },
  { tab: 'credits', label: 'Credits', roles: ['TEAM_OWNER'] },
] as const satisfies ReadonlyArray<{ tab: string; label: string; roles: readonly Permission[] }>;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['tab'];

export function settingsTabsFor(permission: Permission) {
  return SETTINGS_TABS.filter((t) => (t.roles as readonly Permission[]).includes(permission));
}
