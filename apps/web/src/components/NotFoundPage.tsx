import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBreadcrumbTail } from './shell/breadcrumbs';

export function NotFoundPage() {
  useBreadcrumbTail('Page not found');
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is nothing at this address. It may have moved, or the link may be mistyped.</Text>
      <Button component={Link} to="/" variant="default" mt="sm">
        Back to home
      </Button>
    </Stack>
  );
}
