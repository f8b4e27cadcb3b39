import type { ReactNode } from 'react';
import { AdminOnly } from './features/auth/components/SessionGates';
import { HomePage } from './features/home/pages/HomePage';
import { CrmSettingsPage } from './features/integrations/pages/CrmSettingsPage';
import { OAuthCallbackPage } from './features/integrations/pages/OAuthCallbackPage';
import { ZapierSettingsPage } from './features/integrations/pages/ZapierSettingsPage';
import { ListDetailPage } from './features/lists/pages/ListDetailPage';
import { ListsPage } from './features/lists/pages/ListsPage';
import { InboxPage } from './features/mailboxes/pages/InboxPage';
import { ProspectSearchPage } from './features/search/pages/ProspectSearchPage';
import { SettingsPage } from './features/settings/pages/SettingsPage';

export type AppPage = {
  path: string;
  element: ReactNode;
  /** The sidebar entry (its label) this page is: that entry becomes a link. */
  menu?: string;
  /** For a path with a parameter: the spec's titled paths it serves (they get no "not available yet" page). */
  servesTitledPaths?: readonly string[];
};

/**
 * Every page of the signed-in app that this version builds. Adding a page here is all it takes:
 * the router mounts it, its sidebar entry (if it names one) becomes a link, and its titled
 * path stops showing the "not available yet" page.
 */
export const APP_PAGES: readonly AppPage[] = [
  { path: '/', element: <HomePage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/settings/zapier', element: <AdminOnly><ZapierSettingsPage /></AdminOnly> },
  { path: '/settings/:service', element: <AdminOnly><CrmSettingsPage /></AdminOnly>, servesTitledPaths: ['/settings/hubspot', '/settings/salesforce'] },
  { path: '/integrations/:service/callback', element: <OAuthCallbackPage /> },
  { path: '/prospects/search', element: <ProspectSearchPage />, menu: 'Prospect Search' },
  { path: '/prospects/lists', element: <ListsPage />, menu: 'Prospect Lists' },
  { path: '/prospects/lists/people/:listId', element: <ListDetailPage entity="people" /> },
  { path: '/prospects/lists/companies/:listId', element: <ListDetailPage entity="companies" /> },
  { path: '/engage/inbox', element: <InboxPage />, menu: 'Inbox' },
];

/** Titled paths (navigation.ts) that a built page serves. */
export const BUILT_PATHS: ReadonlySet<string> = new Set(APP_PAGES.flatMap((page) => [page.path, ...(page.servesTitledPaths ?? [])]));

/** Sidebar entries whose page is built. */
export const BUILT_MENU_ITEMS: ReadonlySet<string> = new Set(APP_PAGES.flatMap((page) => (page.menu ? [page.menu] : [])));
