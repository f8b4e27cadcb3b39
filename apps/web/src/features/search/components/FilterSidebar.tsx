import {
  FILTER_FIELDS,
  NOT_APPLIED_TO_COMPANIES,
  SEARCH_SIDEBAR_WIDTH,
  appliesToCompanies,
  countActiveFilters,
  isFilterActive,
  searchFilterMatches,
  type FilterFieldMeta,
  type FilterSection,
  type SavedSearchDto,
  type SearchFilters,
} from '@leadline/shared';
import {
  Accordion,
  ActionIcon,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Indicator,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconFilter,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListSearch,
  IconSearch,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { CreditsFooter } from '../../credits/components/CreditsFooter';
import { searchKeys, useSavedSearches, type ResultsView } from '../api';
import { appliedFilterCount, notAppliedFilterCount } from '../company-view';
import type { FieldKey } from '../filter-values';
import { costLabel } from '../search-cost';
import { FilterField } from './FilterField';
import classes from './filters.module.css';
import { SearchButton } from './SearchButton';

// Off the first load: the ICP list is fetched and drawn once the sidebar has painted.
const IcpPicker = lazy(() => import('../../icp-filters/components/IcpPicker').then((m) => ({ default: m.IcpPicker })));

const SECTIONS: ReadonlyArray<{ value: FilterSection; title: string }> = [
  { value: 'people', title: 'People' },
  { value: 'company', title: 'Company' },
  { value: 'past_job', title: 'Past Job' },
];
const MORE_FILTERS = 'more_filters';
/** A closed dropdown is not rendered (Mantine keeps it mounted, and measured, by default). */
const CLOSED_UNMOUNTED = { keepMounted: false } as const;
/** Sub-headings inside a group, before the field they introduce. */
const HEADINGS: Partial<Record<FieldKey, string>> = {
  work_email: 'Contact channels',
  linkedin_url: 'Social presence',
};

const fieldsOf = (section: FilterSection, group: FilterFieldMeta['group']) =>
  FILTER_FIELDS.filter((f) => f.section === section && f.group === group);

const activeIn = (filters: SearchFilters, fields: readonly FilterFieldMeta[]) =>
  fields.filter((f) => isFilterActive(filters[f.key])).length;

/**
 * The groups open now or before. A closed group's fields are rendered when it first opens and
 * then kept (with any text typed in them): rendering every group's fields up front was most of
 * the filters' share of the screen's first render.
 */
function useOpenedOnce(open: readonly string[]): ReadonlySet<string> {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(open));
  if (open.every((value) => opened.has(value))) return opened;
  const next = new Set([...opened, ...open]);
  setOpened(next);
  return next;
}

export type FilterSidebarProps = {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  /** Runs a search with these filters (the current ones when omitted). */
  onSearch: (next?: SearchFilters) => void;
  onClear: () => void;
  searching: boolean;
  /** Credits the Search button would spend (0: the search on screen). */
  searchCost: number;
  savedSearchId: string | null;
  onApplySaved: (saved: SavedSearchDto) => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** The results tab: on Companies, filters without a company meaning are marked not applied. */
  view?: ResultsView;
};

/** Spec §2: the filter sidebar of the prospect search screen, 350px open and 58px closed. */
export function FilterSidebar(props: FilterSidebarProps) {
  const { collapsed } = props;
  return (
    <Paper
      component="aside"
      aria-label="Search filters"
      withBorder
      className={classes.sidebar}
      data-collapsed={collapsed || undefined}
      style={{ '--filters-width': `${collapsed ? SEARCH_SIDEBAR_WIDTH.closed : SEARCH_SIDEBAR_WIDTH.open}px` }}
    >
      {collapsed ? <CollapsedRail {...props} /> : <OpenSidebar {...props} />}
    </Paper>
  );
}

function CollapsedRail({ filters, onSearch, onToggleCollapsed, searching, searchCost, view = 'people' }: FilterSidebarProps) {
  const active = appliedFilterCount(filters, view);
  return (
    <Stack align="center" gap="sm" py="sm" className={classes.rail}>
      <Tooltip label="Expand filters" position="right" withArrow>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Expand filters" onClick={onToggleCollapsed}>
          <IconLayoutSidebarLeftExpand size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`${active} filters applied`} position="right" withArrow>
        <Indicator label={active} size={16} disabled={active === 0} offset={4}>
          <ActionIcon variant="light" size="lg" aria-label={`Show filters (${active} applied)`} onClick={onToggleCollapsed}>
            <IconFilter size={18} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Tooltip label={`Search · ${costLabel(searchCost)}`} position="right" withArrow>
        <ActionIcon size="lg" aria-label="Search" loading={searching} onClick={() => onSearch()}>
          <IconSearch size={18} stroke={1.9} />
        </ActionIcon>
      </Tooltip>
    </Stack>
  );
}

function SavedSearchPicker({ value, onApply }: { value: string | null; onApply: (saved: SavedSearchDto) => void }) {
  const saved = useSavedSearches();
  const searches = saved.data ?? [];
  return (
    <Select
      label="Saved searches"
      placeholder={searches.length === 0 ? 'No saved searches yet' : 'Apply a saved search'}
      data={searches.map((s) => ({ value: s._id, label: s.title }))}
      value={value}
      searchable
      nothingFoundMessage="No saved search matches."
      disabled={saved.isPending}
      allowDeselect={false}
      comboboxProps={CLOSED_UNMOUNTED}
      onChange={(id) => {
        const chosen = searches.find((s) => s._id === id);
        if (chosen) onApply(chosen);
      }}
    />
  );
}

function OpenSidebar(props: FilterSidebarProps) {
  const { filters, onChange, onSearch, onClear, searching, searchCost, savedSearchId, onApplySaved, onToggleCollapsed, view = 'people' } = props;
  const [finder, setFinder] = useState('');
  const [sections, setSections] = useState<string[]>(['people']);
  const [moreOpen, setMoreOpen] = useState(false);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);
  const { matches } = searchFilterMatches(finder);
  const matched = new Set(matches.map((m) => m.key));
  const active = appliedFilterCount(filters, view);
  const notApplied = notAppliedFilterCount(filters, view);
  const opened = useOpenedOnce(moreOpen ? [...sections, MORE_FILTERS] : sections);

  /** Opens where the found filters are (spec §2: 'more_filters' opens itself) and shows the first. */
  const find = (text: string) => {
    setFinder(text);
    const found = searchFilterMatches(text);
    const first = found.matches[0];
    if (!first) return;
    setSections((open) => [...new Set([...open, ...found.matches.map((m) => m.section)])]);
    if (found.opensMoreFilters) setMoreOpen(true);
    clearTimeout(scrollTimer.current);
    // After the accordion has opened, so the field has its place. Only the filter list scrolls.
    scrollTimer.current = setTimeout(() => {
      const list = viewport.current;
      const target = document.getElementById(`filter-${first.key}`);
      if (!list || !target) return;
      const offset = target.getBoundingClientRect().top - list.getBoundingClientRect().top;
      list.scrollTo({ top: list.scrollTop + offset - list.clientHeight / 3, behavior: 'smooth' });
    }, 260);
  };

  const field = (meta: FilterFieldMeta): ReactNode => (
    <Box key={meta.key}>
      {HEADINGS[meta.key] && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6} mt={4}>
          {HEADINGS[meta.key]}
        </Text>
      )}
      <Box
        id={`filter-${meta.key}`}
        className={classes.field}
        data-match={matched.has(meta.key) || undefined}
        data-not-applied={(view === 'companies' && !appliesToCompanies(meta.key)) || undefined}
      >
        {view === 'companies' && !appliesToCompanies(meta.key) ? (
          <>
            {/* Still editable (it applies again on the People tab), only muted here. */}
            <Box opacity={0.6}>
              <FilterField meta={meta} filters={filters} onChange={onChange} onSearch={onSearch} />
            </Box>
            <Text size="xs" c="dimmed" fs="italic" mt={2}>
              {NOT_APPLIED_TO_COMPANIES}
            </Text>
          </>
        ) : (
          <FilterField meta={meta} filters={filters} onChange={onChange} onSearch={onSearch} />
        )}
      </Box>
    </Box>
  );

  const sectionBadge = (fields: readonly FilterFieldMeta[]) => {
    const n = activeIn(filters, view === 'companies' ? fields.filter((f) => appliesToCompanies(f.key)) : fields);
    return n > 0 ? (
      <Badge size="xs" variant="light" circle aria-label={`${n} active`}>
        {n}
      </Badge>
    ) : null;
  };

  return (
    <>
      <Stack gap="xs" p="sm" className={classes.sidebarHeader}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            Filters
          </Title>
          <Tooltip label="Collapse filters" withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label="Collapse filters" onClick={onToggleCollapsed}>
              <IconLayoutSidebarLeftCollapse size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <SavedSearchPicker value={savedSearchId} onApply={onApplySaved} />
        <Suspense fallback={<Select label="Ideal customer profiles" placeholder="Apply an ICP" data={[]} disabled comboboxProps={CLOSED_UNMOUNTED} />}>
          <IcpPicker onApply={(icp) => onChange(icp.filters)} />
        </Suspense>
        <TextInput
          aria-label="Find a filter"
          placeholder="Find a filter…"
          leftSection={<IconListSearch size={16} />}
          value={finder}
          onChange={(event) => find(event.currentTarget.value)}
          rightSection={finder ? <CloseButton size="sm" aria-label="Clear filter search" onClick={() => setFinder('')} /> : null}
          description={
            finder.trim() === ''
              ? undefined
              : matches.length === 0
                ? 'No filter matches.'
                : `${matches.length} ${matches.length === 1 ? 'filter matches' : 'filters match'}: ${matches.map((m) => m.label).join(', ')}`
          }
          inputWrapperOrder={['input', 'description']}
        />
        <Group justify="space-between" wrap="nowrap">
          <Badge variant={active > 0 ? 'light' : 'default'} size="lg" radius="sm" tt="none" fw={600} data-testid="filters-applied">
            {active} {active === 1 ? 'filter' : 'filters'} applied
          </Badge>
          <Button variant="subtle" size="compact-sm" color="gray" onClick={onClear} disabled={countActiveFilters(filters) === 0}>
            Clear all
          </Button>
        </Group>
        {notApplied > 0 && (
          <Text size="xs" c="dimmed" data-testid="filters-not-applied">
            {notApplied} {notApplied === 1 ? 'filter' : 'filters'} not applied to companies
          </Text>
        )}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
        aria-label="Filters"
      >
        <ScrollArea style={{ flex: 1 }} scrollbarSize={6} type="auto" viewportRef={viewport}>
          <Accordion multiple value={sections} onChange={setSections} variant="default" chevronPosition="right">
            {SECTIONS.map((section) => {
              const main = fieldsOf(section.value, 'main');
              const more = fieldsOf(section.value, MORE_FILTERS);
              return (
                <Accordion.Item key={section.value} value={section.value}>
                  <Accordion.Control className={classes.sectionControl}>
                    <Group gap={8}>
                      {section.title}
                      {sectionBadge([...main, ...more])}
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {opened.has(section.value) && (
                      <Stack gap="sm">
                        {main.map(field)}
                        {more.length > 0 && (
                          <Accordion
                            value={moreOpen ? MORE_FILTERS : null}
                            onChange={(value) => setMoreOpen(value === MORE_FILTERS)}
                            className={classes.moreFilters}
                          >
                            <Accordion.Item value={MORE_FILTERS} style={{ borderBottom: 'none' }}>
                              <Accordion.Control px={0}>
                                <Group gap={8}>
                                  <Text size="sm" fw={600}>
                                    More filters
                                  </Text>
                                  {sectionBadge(more)}
                                </Group>
                              </Accordion.Control>
                              <Accordion.Panel>
                                {opened.has(MORE_FILTERS) && <Stack gap="sm">{more.map(field)}</Stack>}
                              </Accordion.Panel>
                            </Accordion.Item>
                          </Accordion>
                        )}
                      </Stack>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </ScrollArea>
        <Box p="sm" className={classes.sidebarFooter}>
          <SearchButton cost={searchCost} searching={searching} />
          <Box mt="sm">
            <CreditsFooter refreshAfter={searchKeys.all} />
          </Box>
        </Box>
      </form>
    </>
  );
}
