import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';

type BoundaryProps = { children: ReactNode; onRetry?: () => void };
type BoundaryState = { error: Error | null };

/** The fallback of a page that failed: the shell around it stays, and Try again renders the page anew. */
export function PageErrorFallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Stack align="flex-start" gap="sm" maw={640} role="alert">
      <Title order={2}>This page ran into a problem</Title>
      <Text c="dimmed">
        Something on this page failed. The rest of Leadline still works: try again, or use the menu to go elsewhere.
      </Text>
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} w="100%">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {error.message || String(error)}
        </Text>
      </Alert>
      <Group gap="sm" mt="sm">
        <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Stack>
  );
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error) return <PageErrorFallback error={error} onRetry={() => {
          this.props.onRetry?.();
          this.setState({ error: null });
        }} />;
    return this.props.children;
  }
}

/**
 * Catches a fault of one page so it never blanks the app. Keyed by the address: following a link
 * away from a failed page shows the next page, not the old error.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The failed page's queries have no observer now: dropping them makes the retry fetch afresh
  // rather than render the same answer that may have caused the fault. The shell's stay.
  const forgetPageData = () => queryClient.removeQueries({ type: 'inactive' });
  return (
    <Boundary key={pathname} onRetry={forgetPageData}>
      {children}
    </Boundary>
  );
}
