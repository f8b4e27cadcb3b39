import { MESSAGES } from '@leadline/shared';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A route the spec names but this version does not build yet: say so plainly. */
export function NotBuiltYetPage({ title }: { title: string }) {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{MESSAGES.notBuiltYet}</Text>
      <Button component={Link} to="/" variant="default" mt="sm">
        Back to home
      </Button>
    </Stack>
  );
}
