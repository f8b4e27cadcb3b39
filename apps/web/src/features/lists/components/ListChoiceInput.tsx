import type { ListDto, ListEntityType } from '@leadline/shared';
import { Autocomplete, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { usePickableLists } from '../api';

/** What a typed list name means: nothing yet, still being looked up, a list of the team, or a new one. */
export type ListChoice =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'existing'; list: ListDto }
  | { kind: 'new'; name: string };

const LOOKUP_DEBOUNCE_MS = 250;
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Spec §5 "Save List": a typed name that matches one of the team's lists (not a system one),
 * ignoring case and surrounding spaces, picks that list; any other name creates a new list.
 */
export function useListChoice(entityType: ListEntityType, text: string, enabled: boolean) {
  const name = text.trim();
  const [debounced] = useDebouncedValue(name, LOOKUP_DEBOUNCE_MS);
  const lists = usePickableLists(entityType, debounced, enabled);
  const settled = debounced === name && !lists.isPlaceholderData && lists.data !== undefined;
  const match = settled ? lists.data?.find((list) => !list.generatedBySystem && sameName(list.name, name)) : undefined;
  const choice: ListChoice =
    name === '' ? { kind: 'none' } : !settled ? { kind: 'pending' } : match ? { kind: 'existing', list: match } : { kind: 'new', name };
  // Option values must be unique; two lists of one name are one choice (the first is used).
  const names = [...new Map((lists.data ?? []).map((list) => [list.name.trim().toLowerCase(), list.name])).values()];
  return { choice, names, loading: lists.isFetching };
}

type ListChoiceInputProps = {
  entityType: ListEntityType;
  value: string;
  onChange: (value: string) => void;
  choice: ListChoice;
  names: string[];
  error?: string | null | undefined;
  label?: string;
};

const NOUN: Record<ListEntityType, string> = { contactList: 'prospects', companyList: 'companies' };

/** A combobox of the team's lists that also takes a new name, saying which of the two it will do. */
export function ListChoiceInput({ entityType, value, onChange, choice, names, error, label = 'List' }: ListChoiceInputProps) {
  const existing = choice.kind === 'existing' ? choice.list : null;
  return (
    <div>
      <Autocomplete
        label={label}
        placeholder="Pick a list or type a new name"
        data={names}
        value={value}
        onChange={onChange}
        error={error || undefined}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={240}
      />
      <Text size="xs" c="dimmed" mt={4} role="status" aria-live="polite" data-testid="list-choice">
        {existing
          ? `Adds to the existing list '${existing.name}' (${(entityType === 'companyList' ? existing.companies : existing.contacts).toLocaleString('en-US')} ${NOUN[entityType]}).`
          : choice.kind === 'new'
            ? `Creates a new list '${choice.name}'.`
            : choice.kind === 'pending'
              ? 'Looking for this list…'
              : 'Pick one of your lists, or type a name to create a new one.'}
      </Text>
    </div>
  );
}
