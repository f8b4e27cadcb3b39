import { Paper, Text } from '@mantine/core';

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
