import { FILTER_FIELDS, type SearchFilters } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  departmentFieldOf,
  optionValues,
  rangeValue,
  removeOption,
  scopedVocabulary,
  toggleOptionStatus,
  typedOption,
  withField,
  type OptionValue,
} from './filter-values';

const meta = (key: string) => FILTER_FIELDS.find((f) => f.key === key)!;
const include = (value: string, label = value): OptionValue => ({ label, value, status: 'include' });
const exclude = (value: string, label = value): OptionValue => ({ label, value, status: 'exclude' });

describe('reading a field of the filters', () => {
  it('answers the chosen values of a multi-select field, and none when the field is absent or not a list', () => {
    const filters = { job_title_levels: [include('vp', 'VP')], inferred_years_experience: { min: 2 } } as SearchFilters;
    expect(optionValues(filters, 'job_title_levels')).toEqual([include('vp', 'VP')]);
    expect(optionValues(filters, 'location_country')).toEqual([]);
    expect(optionValues(filters, 'inferred_years_experience')).toEqual([]);
  });

  it('answers the range of a range field, and an empty range when absent or a list', () => {
    const filters = { job_title_levels: [include('vp')], inferred_years_experience: { min: 2, max: 5 } } as SearchFilters;
    expect(rangeValue(filters, 'inferred_years_experience')).toEqual({ min: 2, max: 5 });
    expect(rangeValue(filters, 'job_title_levels')).toEqual({});
    expect(rangeValue({}, 'inferred_years_experience')).toEqual({});
  });
});

describe('withField', () => {
  it('replaces one field and keeps the others', () => {
    const before = { job_title_levels: [include('vp')], location_country: [include('germany')] } as SearchFilters;
    const after = withField(before, 'job_title_levels', [include('cxo')]);
    expect(after).toEqual({ job_title_levels: [include('cxo')], location_country: [include('germany')] });
    expect(before.job_title_levels).toEqual([include('vp')]);
  });

  it('removes the field when the value is undefined', () => {
    const after = withField({ job_title_levels: [include('vp')], location_country: [include('germany')] } as SearchFilters, 'job_title_levels', undefined);
    expect(after).toEqual({ location_country: [include('germany')] });
    expect('job_title_levels' in after).toBe(false);
  });
});

describe('chosen values', () => {
  it('adds a value once, ignoring case and surrounding space, as included', () => {
    const once = addOption([], { label: ' Germany ', value: ' germany ' });
    expect(once).toEqual([include('germany', 'Germany')]);
    expect(addOption(once, { label: 'GERMANY', value: 'GERMANY' })).toEqual(once);
    expect(addOption(once, { label: '', value: '   ' })).toEqual(once);
  });

  it('labels a value from its stored form when no label is given', () => {
    expect(addOption([], { label: '', value: 'business_development' })).toEqual([include('business_development', 'Business Development')]);
  });

  it('toggles only the named value between include and exclude, and removes only it', () => {
    const values = [include('vp'), exclude('cxo')];
    expect(toggleOptionStatus(values, 'vp')).toEqual([exclude('vp'), exclude('cxo')]);
    expect(toggleOptionStatus(values, 'cxo')).toEqual([include('vp'), include('cxo')]);
    expect(removeOption(values, 'vp')).toEqual([exclude('cxo')]);
    expect(removeOption(values, 'nothing')).toEqual(values);
  });
});

describe('typedOption', () => {
  it('stores the vocabulary spelling of a typed value and labels it', () => {
    expect(typedOption('  VP ', ['cxo', 'vp'])).toEqual({ label: 'VP', value: 'vp' });
  });

  it('keeps free text as typed (trimmed) for the label and lowercase for the value', () => {
    expect(typedOption('  Acme Widgets ', undefined)).toEqual({ label: 'Acme Widgets', value: 'acme widgets' });
    expect(typedOption('Wizardry', ['vp'])).toEqual({ label: 'Wizardry', value: 'wizardry' });
  });
});

describe('sub-departments scoped by the chosen departments', () => {
  const subDepartment = meta('job_title_sub_role');

  it('offers only the sub-departments of the included departments', () => {
    const filters = { job_title_role: [include('sales'), exclude('marketing')] } as SearchFilters;
    expect(scopedVocabulary(subDepartment, filters)).toEqual(['accounts', 'business_development', 'pipeline']);
  });

  it('offers none while no department is included, and puts no limit on other fields', () => {
    expect(scopedVocabulary(subDepartment, {})).toEqual([]);
    expect(scopedVocabulary(subDepartment, { job_title_role: [exclude('sales')] } as SearchFilters)).toEqual([]);
    expect(scopedVocabulary(meta('job_title_levels'), { job_title_role: [include('sales')] } as SearchFilters)).toBeNull();
  });

  it('names the department field of a sub-department field only', () => {
    expect(departmentFieldOf(subDepartment)).toBe('job_title_role');
    expect(departmentFieldOf(meta('experience_title_sub_role'))).toBe('experience_title_role');
    expect(departmentFieldOf(meta('job_title_levels'))).toBeUndefined();
  });
});
