import { LISTS_MESSAGES, type ListDto } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { choiceOf, listTargetOf, offeredNames } from './list-choice';

const list = (name: string, extra: Partial<ListDto> = {}) => ({ _id: `id-${name}`, name, generatedBySystem: false, ...extra }) as ListDto;

describe('choiceOf', () => {
  it('means nothing for an empty or blank name', () => {
    expect(choiceOf('', [list('Q3')])).toEqual({ kind: 'none' });
    expect(choiceOf('   ', undefined)).toEqual({ kind: 'none' });
  });

  it('waits while the typed name has not been looked up', () => {
    expect(choiceOf('Q3', undefined)).toEqual({ kind: 'pending' });
  });

  it("picks the team's list of that name, ignoring case and surrounding spaces", () => {
    const q3 = list('Q3 targets');
    expect(choiceOf('  q3 TARGETS ', [list('Other'), q3])).toEqual({ kind: 'existing', list: q3 });
  });

  it('creates a new list for any other name, and never adds to a system list', () => {
    expect(choiceOf(' Fresh ', [list('Q3')])).toEqual({ kind: 'new', name: 'Fresh' });
    expect(choiceOf('CRM contacts', [list('CRM contacts', { generatedBySystem: true })])).toEqual({ kind: 'new', name: 'CRM contacts' });
  });
});

describe('listTargetOf', () => {
  it("refuses with the spec's message when no list is named, and sends nothing while looking up", () => {
    expect(listTargetOf({ kind: 'none' })).toEqual({ error: LISTS_MESSAGES.listRequired, target: null });
    expect(listTargetOf({ kind: 'pending' })).toEqual({ error: null, target: null });
  });

  it("targets the existing list's id, or a new list's name", () => {
    expect(listTargetOf({ kind: 'existing', list: list('Q3') })).toEqual({ error: null, target: { existingListId: 'id-Q3' } });
    expect(listTargetOf({ kind: 'new', name: 'Fresh' })).toEqual({ error: null, target: { newListName: 'Fresh' } });
  });
});

describe('offeredNames', () => {
  it('offers each name once ignoring case and surrounding spaces', () => {
    expect(offeredNames([list('Q3'), list('q3 '), list('Other')])).toHaveLength(2);
    expect(offeredNames([list('Q3'), list('Other')])).toEqual(['Q3', 'Other']);
  });
});
