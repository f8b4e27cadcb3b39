import { Stack, Title } from '@mantine/core';
import { KnowledgeProfilesTable } from '../components/KnowledgeProfilesTable';

/** /settings/knowledge-hub (spec/settings.md §2): the member's profiles. */
export function KnowledgeHubPage() {
  return (
    <Stack>
      <Title order={2}>Knowledge Hub</Title>
      <KnowledgeProfilesTable />
    </Stack>
  );
}
