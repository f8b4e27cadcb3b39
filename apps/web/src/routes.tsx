import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotBuiltYetPage } from './components/NotBuiltYetPage';
import { NotFoundPage } from './components/NotFoundPage';
import { PageErrorBoundary } from './components/PageErrorBoundary';
import { AppLayout } from './components/shell/AppLayout';
import { PATH_TITLES, SIDEBAR_GROUPS } from './components/shell/navigation';
import { PublicOnly, RequireSession } from './features/auth/components/SessionGates';
import { LoginPage } from './features/auth/pages/LoginPage';
import { SignupPage } from './features/auth/pages/SignupPage';
import { VerifyEmailPage } from './features/auth/pages/VerifyEmailPage';
import { InvitePage } from './features/team-management/pages/InvitePage';
import { APP_PAGES, BUILT_PATHS } from './pages';

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
          ...APP_PAGES.map((page): RouteObject => {
            const element = <PageErrorBoundary>{page.element}</PageErrorBoundary>;
            return page.path === '/' ? { index: true, element } : { path: page.path, element };
          }),
          ...upcomingRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
