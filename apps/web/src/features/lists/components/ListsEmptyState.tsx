import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';

type ListsEmptyStateProps = { onUploadCsv: () => void; onUploadCompanies: () => void };

/** The lists screen before the team has any list: the three ways to make one. */
export function ListsEmptyState({ onUploadCsv, onUploadCompanies }: ListsEmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="lists-empty">
      <Stack align="center" gap="sm">
        <IconListDetails size={36} stroke={1.4} aria-hidden />
        <Title order={2} size="h4">
          No lists yet
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          Save prospects from Prospect Search, or upload a file of prospects or company names, to create your first list.
        </Text>
        <Group mt="sm">
          <Button component={Link} to="/prospects/search">
            Go to Prospect Search
          </Button>
          <Button variant="default" onClick={onUploadCsv}>
            Upload CSV
          </Button>
          <Button variant="default" onClick={onUploadCompanies}>
            Upload companies
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
