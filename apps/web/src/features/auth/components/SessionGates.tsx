import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useMe } from '../api';
import { nextPath } from '../next-path';

function FullPageLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** The session check itself failed (server down): saying so beats a misleading login page. */
function SessionCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Center mih="100vh" p="md">
      <Stack maw={420}>
        <Alert color="red" title="Leadline is not reachable">
          {message}
        </Alert>
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}

/** Renders its routes for signed-in users and sends everyone else to the login page. */
export function RequireSession() {
  const { data: me, isPending, error, refetch } = useMe();
  if (isPending) return <FullPageLoader />;
  if (error && me === undefined) return <SessionCheckFailed message={error.message} onRetry={() => void refetch()} />;
  if (!me) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** The login and sign-up pages: a signed-in user has nothing to do there. */
export function PublicOnly() {
  const { data: me, isPending } = useMe();
  const [search] = useSearchParams();
  if (isPending) return <FullPageLoader />;
  // Logging in from an invitation link goes back to that link.
  if (me) return <Navigate to={nextPath(search)} replace />;
  return <Outlet />;
}

/** Pages of the owner and admins (spec/settings.md §6); the server refuses the others anyway. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  if (me && me.user.permission === 'TEAM_MEMBER') {
    return (
      <Alert color="yellow" maw={560}>
        {"You don't have access to this settings area."}
      </Alert>
    );
  }
  return <>{children}</>;
}
