import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';
import { theme } from './theme';

// The toasts' container (and its transitions) is not needed to paint the first page; a toast
// raised before it mounts waits in the store and shows once it does.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

const queryClient = createQueryClient();
// The same key public/color-scheme.js reads before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

export function App() {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
