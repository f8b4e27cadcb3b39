import { Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { NotBuiltYetPage } from './components/NotBuiltYetPage';
import { NotFoundPage } from './components/NotFoundPage';
import { PageErrorBoundary } from './components/PageErrorBoundary';
import { PageLoading } from './components/PageLoading';
import { AppLayout } from './components/shell/AppLayout';
import { PATH_TITLES, SIDEBAR_GROUPS } from './components/shell/navigation';
import { PublicOnly, RequireSession } from './features/auth/components/SessionGates';
import { OnboardingGate } from './features/onboarding/components/OnboardingGate';
import { lazyPage } from './lib/lazy-page';
import { APP_PAGES, BUILT_PATHS } from './pages';

// Signed-out pages are chunks of their own too: a signed-in visit never fetches the forms' code.
const LoginPage = lazyPage(() => import('./features/auth/pages/LoginPage'), (m) => m.LoginPage);
const SignupPage = lazyPage(() => import('./features/auth/pages/SignupPage'), (m) => m.SignupPage);
const VerifyEmailPage = lazyPage(() => import('./features/auth/pages/VerifyEmailPage'), (m) => m.VerifyEmailPage);
const InvitePage = lazyPage(() => import('./features/team-management/pages/InvitePage'), (m) => m.InvitePage);
const OnboardingPage = lazyPage(() => import('./features/onboarding/pages/OnboardingPage'), (m) => m.OnboardingPage);

const publicPage = (page: ReactNode) => <Suspense fallback={<PageLoading fullPage />}>{page}</Suspense>;

const menuLabels = new Map(SIDEBAR_GROUPS.flatMap((group) => group.items.map((item) => [item.route, item.label])));

/** Titled routes of the spec that this version does not build: each says so on its own page. */
const upcomingRoutes: RouteObject[] = PATH_TITLES.filter((entry) => entry.page && !BUILT_PATHS.has(entry.path)).map(
  (entry) => ({ path: entry.path, element: <NotBuiltYetPage title={menuLabels.get(entry.path) ?? entry.title} /> }),
);

/**
 * The route table. It is mounted with `useRoutes` under a `BrowserRouter`: the app uses no
 * loaders, actions or blockers, and the data router would add about 15 KiB to every first load.
 */
const ROUTES: RouteObject[] = [
  // Links from emails (or passed on by an inviter): they work signed in and signed out.
  { path: '/invite/:token', element: publicPage(<InvitePage />) },
  { path: '/verify-email/:token', element: publicPage(<VerifyEmailPage />) },
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: publicPage(<LoginPage />) },
      { path: '/signup', element: publicPage(<SignupPage />) },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      // Onboarding has a frame of its own; the app waits behind the gate until it is finished.
      { path: '/onboarding', element: publicPage(<OnboardingPage />) },
      {
        element: <OnboardingGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...APP_PAGES.map((page): RouteObject => {
                const element = (
                  <PageErrorBoundary>
                    <Suspense fallback={<PageLoading />}>{page.element}</Suspense>
                  </PageErrorBoundary>
                );
                return page.path === '/' ? { index: true, element } : { path: page.path, element };
              }),
              ...upcomingRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** The page of the current address. */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
