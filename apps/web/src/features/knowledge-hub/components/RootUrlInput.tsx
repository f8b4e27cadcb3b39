import { KNOWLEDGE_MESSAGES, normalizeRootUrl } from '@leadline/shared';
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

export type RootUrlDraft = { url: string; includeSubPages: boolean; isCompetitor: boolean };

/** spec/settings.md §5 "Knowledge hub domain entry": normalised, no duplicates, Enter adds. */
export function RootUrlInput({ value, onChange }: { value: RootUrlDraft[]; onChange: (next: RootUrlDraft[]) => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const url = normalizeRootUrl(typed);
    if (!url) return setError(KNOWLEDGE_MESSAGES.invalidDomain);
    if (value.some((r) => r.url === url)) return setError(KNOWLEDGE_MESSAGES.duplicateDomain);
    onChange([...value, { url, includeSubPages: false, isCompetitor: false }]);
    setTyped('');
    setError(null);
  };
  const set = (index: number, patch: Partial<RootUrlDraft>) => onChange(value.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label="Website URLs"
          placeholder="example.com"
          value={typed}
          error={error}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button mt={25} variant="default" onClick={add} disabled={!typed.trim()}>
          Add
        </Button>
      </Group>
      {value.length > 0 && (
        <Table>
          <Table.Tbody>
            {value.map((r, i) => (
              <Table.Tr key={r.url}>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {r.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox size="xs" label="scrape up to 100 subpages" checked={r.includeSubPages} onChange={(e) => set(i, { includeSubPages: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <Checkbox size="xs" label="Competitor" checked={r.isCompetitor} onChange={(e) => set(i, { isCompetitor: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${r.url}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
