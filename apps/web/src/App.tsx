import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';
import { theme } from './theme';

// The toasts' container (its transitions and scroll lock, about 12 KiB) is fetched when the first
// toast is raised: the toast waits in the store (part of the entry) and shows once it mounts.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

const queryClient = createQueryClient();
// The same key public/color-scheme.js reads before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

export function App() {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
