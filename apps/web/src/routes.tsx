import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotBuiltYetPage } from './components/NotBuiltYetPage';
import { NotFoundPage } from './components/NotFoundPage';
import { AppLayout } from './components/shell/AppLayout';
import { BUILT_PATHS, PATH_TITLES, SIDEBAR_GROUPS } from './components/shell/navigation';
import { AdminOnly, PublicOnly, RequireSession } from './features/auth/components/SessionGates';
import { LoginPage } from './features/auth/pages/LoginPage';
import { SignupPage } from './features/auth/pages/SignupPage';
import { VerifyEmailPage } from './features/auth/pages/VerifyEmailPage';
import { InvitePage } from './features/team-management/pages/InvitePage';
import { HomePage } from './features/home/pages/HomePage';
import { ListDetailPage } from './features/lists/pages/ListDetailPage';
import { ListsPage } from './features/lists/pages/ListsPage';
import { ProspectSearchPage } from './features/search/pages/ProspectSearchPage';
import { SettingsPage } from './features/settings/pages/SettingsPage';
import { CrmSettingsPage } from './features/integrations/pages/CrmSettingsPage';
import { OAuthCallbackPage } from './features/integrations/pages/OAuthCallbackPage';
import { ZapierSettingsPage } from './features/integrations/pages/ZapierSettingsPage';

const menuLabels = new Map(SIDEBAR_GROUPS.flatMap((group) => group.items.map((item) => [item.route, item.label])));

/** Titled routes of the spec that this version does not build: each says so on its own page. */
const upcomingRoutes: RouteObject[] = PATH_TITLES.filter((entry) => entry.page && !BUILT_PATHS.has(entry.path)).map(
  (entry) => ({ path: entry.path, element: <NotBuiltYetPage title={menuLabels.get(entry.path) ?? entry.title} /> }),
);

export const router = createBrowserRouter([
  // Links from emails (or passed on by an inviter): they work signed in and signed out.
  { path: '/invite/:token', element: <InvitePage /> },
  { path: '/verify-email/:token', element: <VerifyEmailPage /> },
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/settings/zapier', element: <AdminOnly><ZapierSettingsPage /></AdminOnly> },
          { path: '/settings/:service', element: <AdminOnly><CrmSettingsPage /></AdminOnly> },
          { path: '/integrations/:service/callback', element: <OAuthCallbackPage /> },
          { path: '/prospects/search', element: <ProspectSearchPage /> },
          { path: '/prospects/lists', element: <ListsPage /> },
          { path: '/prospects/lists/people/:listId', element: <ListDetailPage entity="people" /> },
          { path: '/prospects/lists/companies/:listId', element: <ListDetailPage entity="companies" /> },
          ...upcomingRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
