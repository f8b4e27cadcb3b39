import {
  DEPARTMENT_SUB_DEPARTMENTS,
  canonicalValue,
  toLabel,
  type FilterFieldMeta,
  type FilterKey,
  type FilterRange,
  type FilterStatus,
  type SearchFilters,
} from '@leadline/shared';

/** One chosen value of a multi-select or location filter. */
export type OptionValue = { label: string; value: string; status: FilterStatus };

export type FieldKey = FilterFieldMeta['key'];

export function optionValues(filters: SearchFilters, key: FilterKey): OptionValue[] {
  const value = filters[key];
  return Array.isArray(value) ? value : [];
}

export function rangeValue(filters: SearchFilters, key: FilterKey): FilterRange {
  const value = filters[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/** The filters with one field replaced; `undefined` removes the field. */
export function withField(filters: SearchFilters, key: FilterKey, value: unknown): SearchFilters {
  const { [key]: _previous, ...rest } = filters;
  // Each input writes the shape its field kind holds, so the record stays SearchFilters.
  return (value === undefined ? rest : { ...rest, [key]: value }) as SearchFilters;
}

/** Adds a value once (compared ignoring case), included. */
export function addOption(values: readonly OptionValue[], option: { label: string; value: string }): OptionValue[] {
  const wanted = option.value.trim().toLowerCase();
  if (wanted === '' || values.some((v) => v.value.toLowerCase() === wanted)) return [...values];
  return [...values, { label: option.label.trim() || toLabel(option.value), value: option.value.trim(), status: 'include' }];
}

export function toggleOptionStatus(values: readonly OptionValue[], value: string): OptionValue[] {
  return values.map((v) => (v.value === value ? { ...v, status: v.status === 'include' ? 'exclude' : 'include' } : v));
}

export function removeOption(values: readonly OptionValue[], value: string): OptionValue[] {
  return values.filter((v) => v.value !== value);
}

/** A value typed by the user for a field with a fixed vocabulary or free text. */
export function typedOption(text: string, vocabulary: readonly string[] | undefined): { label: string; value: string } {
  const value = canonicalValue(text, vocabulary);
  return { label: vocabulary?.includes(value) ? toLabel(value) : text.trim(), value };
}

/** Sub-department fields and the department field that scopes them (spec §5). */
const DEPARTMENT_OF: Partial<Record<FieldKey, FieldKey>> = {
  job_title_sub_role: 'job_title_role',
  experience_title_sub_role: 'experience_title_role',
};

/**
 * The values a fixed-vocabulary field offers given the other filters: sub-departments only
 * under the included departments, since the search keeps no others. Null: no restriction.
 */
export function scopedVocabulary(meta: FilterFieldMeta, filters: SearchFilters): readonly string[] | null {
  const departmentKey = DEPARTMENT_OF[meta.key];
  if (!departmentKey) return null;
  const byDepartment: Readonly<Record<string, readonly string[]>> = DEPARTMENT_SUB_DEPARTMENTS;
  return optionValues(filters, departmentKey)
    .filter((d) => d.status === 'include')
    .flatMap((d) => byDepartment[d.value] ?? []);
}

export function departmentFieldOf(meta: FilterFieldMeta): FieldKey | undefined {
  return DEPARTMENT_OF[meta.key];
}
