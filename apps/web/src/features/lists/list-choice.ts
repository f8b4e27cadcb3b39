import { LISTS_MESSAGES, type ListDto } from '@leadline/shared';

/** What a typed list name means: nothing yet, still being looked up, a list of the team, or a new one. */
export type ListChoice =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'existing'; list: ListDto }
  | { kind: 'new'; name: string };

/** Where a form's prospects go: one of the team's lists, or a new list of this name. */
export type ListTarget = { existingListId: string } | { newListName: string };

/**
 * What submitting a form does with its list choice: `error` is the spec's message when no list
 * is named; `target` is null while the typed name is still being looked up (wait, send nothing).
 */
export function listTargetOf(choice: ListChoice): { error: string | null; target: ListTarget | null } {
  switch (choice.kind) {
    case 'none':
      return { error: LISTS_MESSAGES.listRequired, target: null };
    case 'pending':
      return { error: null, target: null };
    case 'existing':
      return { error: null, target: { existingListId: choice.list._id } };
    case 'new':
      return { error: null, target: { newListName: choice.name } };
  }
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Spec §5 "Save List": a typed name that matches one of the team's lists (not a system one),
 * ignoring case and surrounding spaces, picks that list; any other name creates a new list.
 * `lists` is undefined until the look-up of the name as typed now has answered.
 */
export function choiceOf(text: string, lists: readonly ListDto[] | undefined): ListChoice {
  const name = text.trim();
  if (name === '') return { kind: 'none' };
  if (lists === undefined) return { kind: 'pending' };
  const match = lists.find((list) => !list.generatedBySystem && sameName(list.name, name));
  return match ? { kind: 'existing', list: match } : { kind: 'new', name };
}

/** The names offered, one per name ignoring case: option values must be unique, and typing either spelling picks the same list. */
export function offeredNames(lists: readonly ListDto[]): string[] {
  return [...new Map(lists.map((list) => [list.name.trim().toLowerCase(), list.name])).values()];
}
