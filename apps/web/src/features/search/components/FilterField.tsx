import { clampRangeInput, type FilterFieldMeta, type FilterRange, type SearchFilters } from '@leadline/shared';
import { Checkbox, Group, Input, TextInput } from '@mantine/core';
import { NumberInput } from '../../../components/NumberInput';
import { useId } from 'react';
import {
  departmentFieldOf,
  optionValues,
  rangeValue,
  scopedVocabulary,
  withField,
  type OptionValue,
} from '../filter-values';
import { OptionsFilter } from './OptionsFilter';

type FilterFieldProps = {
  meta: FilterFieldMeta;
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  /** Search now with these filters (Enter inside an option input). */
  onSearch: (next: SearchFilters) => void;
};

/** What a range or months box holds: empty stays empty, anything negative becomes 0. */
function boxValue(input: string | number): number | undefined {
  return input === '' ? undefined : clampRangeInput(input);
}

function RangeFilter({ meta, range, onChange }: { meta: FilterFieldMeta; range: FilterRange; onChange: (next: FilterRange) => void }) {
  const labelId = useId();
  const set = (end: 'min' | 'max', input: string | number) => onChange({ ...range, [end]: boxValue(input) ?? null });
  return (
    <Input.Wrapper label={meta.label} labelProps={{ id: labelId }}>
      <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={labelId}>
        <NumberInput
          aria-label={`${meta.label} minimum`}
          placeholder="Min"
          min={0}
          allowDecimal={false}
          thousandSeparator=","
          hideControls
          value={range.min ?? ''}
          onChange={(input) => set('min', input)}
        />
        <NumberInput
          aria-label={`${meta.label} maximum`}
          placeholder="Max"
          min={0}
          allowDecimal={false}
          thousandSeparator=","
          hideControls
          value={range.max ?? ''}
          onChange={(input) => set('max', input)}
        />
      </Group>
    </Input.Wrapper>
  );
}

/** One filter's input, chosen by the kind of the field. */
export function FilterField({ meta, filters, onChange, onSearch }: FilterFieldProps) {
  const set = (value: unknown) => onChange(withField(filters, meta.key, value));
  const value = filters[meta.key];

  switch (meta.kind) {
    case 'text':
      return (
        <TextInput
          label={meta.label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => set(event.currentTarget.value || undefined)}
        />
      );
    case 'multi':
    case 'location': {
      const vocabulary = scopedVocabulary(meta, filters);
      const department = departmentFieldOf(meta);
      const setOptions = (next: OptionValue[]) => set(next.length > 0 ? next : undefined);
      return (
        <OptionsFilter
          meta={meta}
          values={optionValues(filters, meta.key)}
          vocabulary={vocabulary}
          disabledReason={
            vocabulary && vocabulary.length === 0 && department
              ? 'Include a department first'
              : undefined
          }
          onChange={setOptions}
          onSearch={(next) => onSearch(withField(filters, meta.key, next.length > 0 ? next : undefined))}
        />
      );
    }
    case 'range':
      return <RangeFilter meta={meta} range={rangeValue(filters, meta.key)} onChange={set} />;
    case 'months':
      return (
        <NumberInput
          label={meta.label}
          description="At most this many months in the current job"
          min={0}
          max={1200}
          allowDecimal={false}
          value={typeof value === 'number' ? value : ''}
          onChange={(input) => set(boxValue(input))}
        />
      );
    case 'boolean':
      return (
        <Checkbox
          label={meta.label}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked || undefined)}
        />
      );
  }
}
