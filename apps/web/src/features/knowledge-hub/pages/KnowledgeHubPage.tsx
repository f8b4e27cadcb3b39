import { KnowledgeProfilesTable } from '../components/KnowledgeProfilesTable';

/** /settings/knowledge-hub (spec/settings.md §2): the member's profiles (the table carries the title). */
export function KnowledgeHubPage() {
  return <KnowledgeProfilesTable />;
}
