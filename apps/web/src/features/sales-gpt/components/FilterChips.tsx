import { Button, Group, Pill } from '@mantine/core';
import type { SearchFilters } from '@leadline/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';

type Option = { label?: string; value: string; status?: string };
const isOptions = (v: unknown): v is Option[] => Array.isArray(v) && v.every((o) => typeof o === 'object' && o !== null && 'value' in o);
const fieldName = (key: string) => key.replaceAll('_', ' ');

/** The filters the model wrote, as chips the member can remove before opening them in the search screen. */
export function FilterChips({ filters }: { filters: SearchFilters }) {
  const navigate = useNavigate();
  const [edited, setEdited] = useState<Record<string, unknown>>(filters as Record<string, unknown>);
  const remove = (key: string, value?: string) =>
    setEdited((current) => {
      const next = { ...current };
      const options = next[key];
      if (value !== undefined && isOptions(options) && options.length > 1) next[key] = options.filter((o) => o.value !== value);
      else delete next[key];
      return next;
    });
  type Chip = { id: string; key: string; value: string | undefined; text: string };
  const chips = Object.entries(edited).flatMap(([key, v]): Chip[] =>
    isOptions(v)
      ? v.map((o) => ({ id: `${key}:${o.value}`, key, value: o.value, text: `${fieldName(key)}: ${o.status === 'exclude' ? 'not ' : ''}${o.label ?? o.value}` }))
      : v === undefined
        ? []
        : [{ id: key, key, value: undefined, text: `${fieldName(key)}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}` }],
  );
  return (
    <Group gap={6} mt="xs" aria-label="Search filters">
      {chips.map((c) => (
        <Pill key={c.id} withRemoveButton onRemove={() => remove(c.key, c.value)} removeButtonProps={{ 'aria-label': `Remove ${c.text}` }}>
          {c.text}
        </Pill>
      ))}
      <Button size="compact-xs" variant="light" onClick={() => navigate('/prospects/search', { state: { filters: edited } })}>
        Open in search
      </Button>
    </Group>
  );
}
