import { MESSAGES, SEARCH_MESSAGES } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { resultPagesKey, resultPagesState, searchFailureMessage } from './result-pages';

const key = resultPagesKey('people', 1, 25);
const state = (options: Partial<Parameters<typeof resultPagesState>[0]> = {}) =>
  resultPagesState({ position: { key, index: 0 }, key, loadedPages: 1, size: 25, hasNextPage: true, fetchingNext: false, ...options });

describe('resultPagesKey', () => {
  it('differs when the view, the run or the page size differs', () => {
    const keys = [resultPagesKey('people', 1, 25), resultPagesKey('companies', 1, 25), resultPagesKey('people', 2, 25), resultPagesKey('people', 1, 50)];
    expect(new Set(keys).size).toBe(4);
  });
});

describe('resultPagesState', () => {
  it('shows the chosen page of this search with its first row number', () => {
    expect(state({ position: { key, index: 2 }, loadedPages: 3 })).toEqual({ index: 2, firstRow: 51, onLastLoaded: true, canPrevious: true, canNext: true });
  });

  it('starts a new search (another key) at its first page', () => {
    const other = resultPagesKey('people', 2, 25);
    expect(state({ position: { key, index: 2 }, key: other, loadedPages: 3 })).toMatchObject({ index: 0, firstRow: 1, canPrevious: false });
  });

  it('keeps the index among the pages loaded (a refetch that brought fewer pages)', () => {
    expect(state({ position: { key, index: 4 }, loadedPages: 2 })).toMatchObject({ index: 1, firstRow: 26 });
    expect(state({ position: { key, index: 3 }, loadedPages: 0 })).toMatchObject({ index: 0, firstRow: 1, onLastLoaded: true });
  });

  it('moves Next within the loaded pages without the server, and from the last one only while the server has more', () => {
    expect(state({ position: { key, index: 0 }, loadedPages: 2, hasNextPage: false })).toMatchObject({ onLastLoaded: false, canNext: true });
    expect(state({ position: { key, index: 1 }, loadedPages: 2, hasNextPage: false })).toMatchObject({ onLastLoaded: true, canNext: false });
    expect(state({ position: { key, index: 1 }, loadedPages: 2, hasNextPage: true, fetchingNext: true })).toMatchObject({ canNext: false });
    expect(state({ position: { key, index: 1 }, loadedPages: 2, hasNextPage: true })).toMatchObject({ canNext: true });
  });
});

describe('searchFailureMessage', () => {
  it('says credits ran out for a 402 and that nothing was found for any other failure (spec §8)', () => {
    expect(searchFailureMessage(new ApiError(402, 'INSUFFICIENT_CREDITS', 'x'))).toBe(MESSAGES.insufficientCredits);
    expect(searchFailureMessage(new ApiError(500, 'INTERNAL', 'x'))).toBe(SEARCH_MESSAGES.noProspects);
    expect(searchFailureMessage(new ApiError(0, 'NETWORK', 'offline'))).toBe(SEARCH_MESSAGES.noProspects);
    expect(searchFailureMessage(new Error('boom'))).toBe(SEARCH_MESSAGES.noProspects);
  });
});
