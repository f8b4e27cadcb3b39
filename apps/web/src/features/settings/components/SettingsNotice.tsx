import { Card, Paper, Stack, Text, Title } from '@mantine/core';

/** What a settings area whose feature this server does not run yet says, instead of a fake table. */
export const NOT_SET_UP = 'Not set up on this server yet.';

/** A plain panel for settings areas that are missing or closed to this role. */
export function SettingsNotice({ children }: { children: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}

/** A settings section whose feature comes later: its title, what it will hold, and that it is not set up yet. */
export function NotSetUpSection({ title, description }: { title: string; description: string }) {
  return (
    <Card withBorder padding="lg" aria-label={title} component="section">
      <Stack gap={4}>
        <Title order={3} fz="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Text size="sm" fw={500} mt="xs">
          {NOT_SET_UP}
        </Text>
      </Stack>
    </Card>
  );
}
