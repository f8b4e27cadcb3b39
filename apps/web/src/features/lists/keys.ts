import type { ListContentsBodyInput, ListEntityType, ListsQueryInput } from '@leadline/shared';

/**
 * The lists' query keys, in a module of their own: features that refresh lists after a change
 * (enrichment, email verification) import these without the lists' API code, which would
 * otherwise load with the search screen.
 */
export const listsKeys = {
  all: ['lists'] as const,
  page: (query: ListsQueryInput) => ['lists', 'page', query] as const,
  picker: (entityType: ListEntityType, name: string) => ['lists', 'picker', entityType, name] as const,
  contents: (id: string, body: ListContentsBodyInput) => ['lists', 'contents', id, body] as const,
};
