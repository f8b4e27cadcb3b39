import { DEFAULT_SEARCH_FILTERS, SEARCH_PAGE_SIZE, type SavedSearchDto, type SearchFilters } from '@leadline/shared';
import { useLocalStorage } from '@mantine/hooks';
import type { RowSelectionState } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTour } from '../../onboarding/tours/use-tour';
import type { ResultsView, SubmittedSearch } from '../api';
import { FilterSidebar } from '../components/FilterSidebar';
import classes from '../components/filters.module.css';
import { SearchResults } from '../components/SearchResults';
import { searchCost } from '../search-cost';
import { useResultPages } from '../use-result-pages';

/**
 * /prospects/search (spec §2): filters on the left, results on the right. The filters being
 * edited and the filters of the search on screen are kept apart: results change only when the
 * user searches (button, Enter, or a saved search).
 */
export function ProspectSearchPage() {
  // An ICP applied from Settings arrives as navigation state: it fills the filters, and searching stays the user's click.
  const applied = (useLocation().state as { filters?: SearchFilters } | null)?.filters;
  const [filters, setFiltersState] = useState<SearchFilters>(applied ?? DEFAULT_SEARCH_FILTERS);
  // Enter in an input may change the filters and search in one go, before React re-renders.
  const latest = useRef(filters);
  const setFilters = (next: SearchFilters) => {
    latest.current = next;
    setFiltersState(next);
  };
  const [submitted, setSubmitted] = useState<SubmittedSearch>({ filters: DEFAULT_SEARCH_FILTERS, run: 0 });
  const [view, setView] = useState<ResultsView>('people');
  const [pageSize, setPageSize] = useState<number>(SEARCH_PAGE_SIZE.default);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [firstCompanies, setFirstCompanies] = useState<number | null>(null);
  const [savedSearchId, setSavedSearchId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'leadline-search-filters-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const results = useResultPages(view, submitted, pageSize);
  useTour('prospect-search', { ready: true, hasResults: results.rows.length > 0 });

  /** Spec §2 and §4: a new search starts from the first page with nothing selected. */
  const search = (next: SearchFilters = latest.current) => {
    setFilters(next);
    setSubmitted((current) => ({ filters: next, run: current.run + 1 }));
    setSelection({});
    setFirstCompanies(null);
  };

  /** People and companies have ids of their own: a selection never crosses tabs. */
  const changeView = (next: ResultsView) => {
    setView(next);
    setSelection({});
    setFirstCompanies(null);
  };

  const applySaved = (saved: SavedSearchDto) => {
    setSavedSearchId(saved._id);
    search(saved.filters);
  };

  return (
    <div className={classes.layout}>
      <FilterSidebar
        filters={filters}
        onChange={setFilters}
        onSearch={search}
        onClear={() => {
          setFilters({});
          setSavedSearchId(null);
        }}
        searching={results.loading}
        searchCost={searchCost(filters, { filters: submitted.filters, run: submitted.run, failed: results.failure !== null })}
        savedSearchId={savedSearchId}
        onApplySaved={applySaved}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        view={view}
      />
      <div className={classes.results}>
        <SearchResults
          view={view}
          onViewChange={changeView}
          results={results}
          filters={filters}
          searchedFilters={submitted.filters}
          pageSize={pageSize}
          onPageSizeChange={setPageSize}
          selection={selection}
          onSelectionChange={setSelection}
          onSaved={(saved) => setSavedSearchId(saved._id)}
          firstCompanies={firstCompanies}
          onFirstCompaniesChange={setFirstCompanies}
        />
      </div>
    </div>
  );
}
