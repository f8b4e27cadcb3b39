import type { ListEntityType } from '@leadline/shared';
import { Autocomplete, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePickableLists } from '../api';
import { choiceOf, offeredNames, type ListChoice } from '../list-choice';

const LOOKUP_DEBOUNCE_MS = 250;

/**
 * The list block of a dialog (Save List, Upload CSV, Upload companies, Bulk Enrich): the typed
 * name, what it means (see choiceOf) and the props of its input. `onEdit` runs on each keystroke,
 * for the dialog to clear its error. Submit with listTargetOf(choice); close with reset().
 */
export function useListChoice(entityType: ListEntityType, enabled: boolean, onEdit?: () => void, initialName = '') {
  const [text, setText] = useState(initialName);
  const name = text.trim();
  const [debounced] = useDebouncedValue(name, LOOKUP_DEBOUNCE_MS);
  const lists = usePickableLists(entityType, debounced, enabled);
  const settled = debounced === name && !lists.isPlaceholderData && lists.data !== undefined;
  const choice = choiceOf(text, settled ? lists.data : undefined);
  const input = {
    entityType,
    value: text,
    onChange: (value: string) => {
      setText(value);
      onEdit?.();
    },
    choice,
    names: offeredNames(lists.data ?? []),
    // A prefilled picker takes no focus: focus would open its dropdown over the dialog's buttons.
    autoFocus: initialName === '',
  };
  return { choice, input, reset: () => setText(initialName) };
}

type ListChoiceInputProps = ReturnType<typeof useListChoice>['input'] & {
  error?: string | null | undefined;
  label?: string;
};

const NOUN: Record<ListEntityType, string> = { contactList: 'prospects', companyList: 'companies' };

function choiceHint(entityType: ListEntityType, choice: ListChoice): string {
  switch (choice.kind) {
    case 'existing': {
      const count = entityType === 'companyList' ? choice.list.companies : choice.list.contacts;
      return `Adds to the existing list '${choice.list.name}' (${count.toLocaleString('en-US')} ${NOUN[entityType]}).`;
    }
    case 'new':
      return `Creates a new list '${choice.name}'.`;
    case 'pending':
      return 'Looking for this list…';
    case 'none':
      return 'Pick one of your lists, or type a name to create a new one.';
  }
}

/** A combobox of the team's lists that also takes a new name, saying which of the two it will do. */
export function ListChoiceInput({ entityType, value, onChange, choice, names, error, label = 'List', autoFocus }: ListChoiceInputProps) {
  return (
    <div>
      <Autocomplete
        label={label}
        placeholder="Pick a list or type a new name"
        data={names}
        value={value}
        onChange={onChange}
        error={error || undefined}
        data-autofocus={autoFocus || undefined}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={240}
      />
      <Text size="xs" c="dimmed" mt={4} role="status" aria-live="polite" data-testid="list-choice">
        {choiceHint(entityType, choice)}
      </Text>
    </div>
  );
}
