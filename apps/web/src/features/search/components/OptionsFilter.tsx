import { COUNTRIES, COUNTRY_SHORTCUTS, SEARCH_MESSAGES, canonicalValue, toLabel, type FilterFieldMeta } from '@leadline/shared';
import { Button, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useAutocomplete } from '../api';
import { addOption, removeOption, toggleOptionStatus, typedOption, type OptionValue } from '../filter-values';
import { ValueChips } from './ValueChips';

/** A fixed list shows at most this many matches at once; typing narrows it. */
const MAX_SHOWN = 100;
const COUNTRY_FIELDS = new Set(['location_country', 'job_company_location_country', 'experience_company_location_country']);

type Choice = { label: string; value: string };

type OptionsFilterProps = {
  meta: FilterFieldMeta;
  values: readonly OptionValue[];
  onChange: (next: OptionValue[]) => void;
  /** Enter without a highlighted option: search, with the typed value added first if any. */
  onSearch: (next: OptionValue[]) => void;
  /** The fixed values offered now, when other filters narrow the field's vocabulary. */
  vocabulary?: readonly string[] | null;
  /** Why the input is unavailable right now (a sub-department without a department). */
  disabledReason?: string | undefined;
};

function useChoices(meta: FilterFieldMeta, vocabulary: readonly string[] | undefined, query: string, open: boolean) {
  const remote = useAutocomplete(meta.autocomplete, query, open && meta.autocomplete !== undefined);
  const local = useMemo<Choice[]>(() => {
    // Only an open dropdown shows choices: a closed one is not rendered at all.
    if (!vocabulary || !open) return [];
    const term = query.trim().toLowerCase();
    return vocabulary
      .map((value) => ({ value, label: toLabel(value) }))
      .filter((c) => term === '' || c.label.toLowerCase().includes(term));
  }, [vocabulary, query, open]);

  if (!meta.autocomplete) return { choices: local, loading: false, failed: false };
  if (remote.isError) return { choices: [], loading: false, failed: true };
  // While typing, the last answer narrowed by the new text stands in until the next one arrives.
  const term = query.trim().toLowerCase();
  const answer = remote.data ?? [];
  const choices = remote.outdated ? answer.filter((c) => c.label.toLowerCase().includes(term)) : answer;
  return { choices, loading: remote.outdated || remote.isFetching, failed: remote.isError };
}

/**
 * A multi-select or location filter: a search box with a dropdown of options (from the
 * database while typing, or from the field's fixed list), and the chosen values as chips that
 * each switch between include and exclude.
 */
export function OptionsFilter({ meta, values, onChange, onSearch, vocabulary, disabledReason }: OptionsFilterProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const fixed = vocabulary ?? meta.options;
  const { choices, loading, failed } = useChoices(meta, fixed, query, open);
  const chosen = new Set(values.map((v) => v.value.toLowerCase()));
  const shown = choices.filter((c) => !chosen.has(c.value.toLowerCase())).slice(0, MAX_SHOWN);
  const labels = new Map(shown.map((c) => [c.value, c.label]));
  const free = meta.autocomplete !== undefined;

  const choose = (choice: Choice) => {
    onChange(addOption(values, choice));
    setQuery('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return; // picks the option
    event.preventDefault();
    const typed = query.trim();
    const next = free && typed !== '' ? addOption(values, typedOption(typed, fixed)) : [...values];
    if (next.length !== values.length) onChange(next);
    setQuery('');
    combobox.closeDropdown();
    onSearch(next);
  };

  const openDropdown = () => {
    setOpen(true);
    combobox.openDropdown();
  };

  const emptyText = failed
    ? SEARCH_MESSAGES.optionsLoadFailed
    : loading
      ? null
      : choices.length > 0 && shown.length === 0
        ? 'Every option is already chosen.'
        : SEARCH_MESSAGES.noOptions;

  return (
    <div>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          choose({ value, label: labels.get(value) ?? toLabel(value) });
          combobox.closeDropdown();
        }}
        withinPortal
        position="bottom-start"
        // Mantine keeps a closed dropdown mounted (hidden) by default: with about thirty of these
        // filters, that was hundreds of option elements and a Floating UI measure each on the
        // search screen's first render (its LCP). It mounts when it opens instead.
        keepMounted={false}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={meta.label}
            size="sm"
            placeholder={disabledReason ?? (free ? 'Type to search, Enter to add' : 'Choose or type to filter')}
            disabled={disabledReason !== undefined}
            value={query}
            rightSection={open && loading ? <Loader size={14} aria-label="Loading options" /> : <Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={openDropdown}
            onClick={openDropdown}
            onBlur={() => {
              combobox.closeDropdown();
              setOpen(false);
            }}
            onKeyDown={handleKeyDown}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={260} style={{ overflowY: 'auto' }} aria-label={`${meta.label} options`}>
            {shown.length > 0 ? (
              shown.map((choice) => (
                <Combobox.Option value={choice.value} key={choice.value}>
                  {choice.label}
                </Combobox.Option>
              ))
            ) : emptyText === null ? (
              <Combobox.Empty>Loading options…</Combobox.Empty>
            ) : (
              <Combobox.Empty c={failed ? 'red' : undefined}>{emptyText}</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <ValueChips
        values={values}
        excludable={meta.supportsExclude}
        onToggle={(value) => onChange(toggleOptionStatus(values, value))}
        onRemove={(value) => onChange(removeOption(values, value))}
      />
      {COUNTRY_FIELDS.has(meta.key) && <CountryShortcuts chosen={chosen} onPick={choose} />}
    </div>
  );
}

/** Quick picks for the most searched countries, shown while not chosen yet. */
function CountryShortcuts({ chosen, onPick }: { chosen: ReadonlySet<string>; onPick: (choice: Choice) => void }) {
  const left = COUNTRY_SHORTCUTS.map((label) => ({ label, value: canonicalValue(label, COUNTRIES) })).filter(
    (c) => !chosen.has(c.value),
  );
  if (left.length === 0) return null;
  return (
    <Group gap={4} mt={6} aria-label="Country shortcuts" role="group">
      <Text size="xs" c="dimmed" mr={2}>
        Quick add:
      </Text>
      {left.map((choice) => (
        <Button
          key={choice.value}
          size="compact-xs"
          variant="default"
          radius="xl"
          fw={500}
          aria-label={`Add ${choice.label}`}
          onClick={() => onPick(choice)}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}
