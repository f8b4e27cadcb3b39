import { describe, expect, it } from 'vitest';
import { renderTemplate, unknownVariables } from './variables.js';

describe('campaign variables', () => {
  it('renders values, falls back when a value is missing or blank, and trims both', () => {
    const template = 'Hi {{ firstName | there }}, how is {{companyName}}? {{jobTitle|}}';
    expect(renderTemplate(template, { firstName: 'Ann', companyName: 'Acme', jobTitle: 'CTO' })).toBe('Hi Ann, how is Acme? CTO');
    expect(renderTemplate(template, { firstName: '  ', companyName: null })).toBe('Hi there, how is ? ');
  });

  it('names each unknown variable once and accepts known ones', () => {
    expect(unknownVariables('{{firstName}} {{first_name}} {{ nope|x }} {{first_name}}')).toEqual(['first_name', 'nope']);
    expect(unknownVariables('{{firstName|there}} {{senderName}} { {not a var} }')).toEqual([]);
  });
});
