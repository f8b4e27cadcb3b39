import { normalizeDomain, ONBOARDING_MESSAGES } from '@leadline/shared';
import { Button, Group, Pill, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/** Why a typed domain cannot be added, or the normalised domain (spec/settings.md §5). */
export function domainToAdd(typed: string, existing: readonly string[]): { domain: string } | { problem: string } {
  const domain = normalizeDomain(typed);
  if (!domain) return { problem: ONBOARDING_MESSAGES.invalidDomain };
  if (existing.includes(domain)) return { problem: ONBOARDING_MESSAGES.domainExists };
  return { domain };
}

type Props = {
  label: string;
  placeholder: string;
  domains: readonly string[];
  onAdd: (domain: string) => void;
  onRemove: (domain: string) => void;
  /** An error about the list as a whole (none added yet), from the form. */
  error?: ReactNode;
  busy?: boolean;
  description?: ReactNode;
};

/** A domain field with Add (disabled when empty; Enter adds) and the added domains as removable pills. */
export function DomainListInput({ label, placeholder, domains, onAdd, onRemove, error, busy = false, description }: Props) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const result = domainToAdd(typed, domains);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(null);
    setTyped('');
    onAdd(result.domain);
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label}
          description={description}
          placeholder={placeholder}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (typed.trim()) add();
          }}
          error={problem ?? error}
          rightSectionWidth={72}
          rightSection={
            <Button size="compact-sm" variant="light" onClick={add} disabled={!typed.trim() || busy} leftSection={<IconPlus size={14} />}>
              Add
            </Button>
          }
        />
      </Group>
      {domains.length > 0 && (
        <Group gap={6} aria-label={`${label}: added`} role="list">
          {domains.map((domain) => (
            <Pill key={domain} role="listitem" size="md" withRemoveButton removeButtonProps={{ 'aria-label': `Remove ${domain}`, disabled: busy }} onRemove={() => onRemove(domain)}>
              {domain}
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}

