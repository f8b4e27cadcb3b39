import { SEARCH_MESSAGES, SEARCH_PAGE_SIZE, type CompanyResult, type Prospect, type SavedSearchDto, type SearchFilters } from '@leadline/shared';
import { Button, Group, Menu, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmark, IconChevronDown, IconChevronLeft, IconChevronRight, IconCloudUpload, IconFileUpload, IconPlaylistAdd, IconSparkles, IconUsersGroup } from '@tabler/icons-react';
import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useId, useState } from 'react';
import type { EnrichType } from '@leadline/shared';
import { ENRICH_CHOICES } from '../../enrichment/components/EnrichMenu';
import { lazyDialog } from '../../../lib/lazy-dialog';
import type { CompanyPick } from '../../lists/company-api';
import type { ResultsView } from '../api';
import { resultsTotal } from '../format';
import type { useResultPages } from '../use-result-pages';
import { COMPANY_COLUMNS, PEOPLE_COLUMNS } from './result-columns';
import { CompanySelectFirst, FirstCompaniesNote } from './CompanySelectFirst';
import { ResultsTable } from './ResultsTable';

// Fetched on first open: the table is usable without the forms' code (the initial-load budget).
const BulkEnrichDialog = lazyDialog(() => import('../../enrichment/components/BulkEnrichDialog'), (m) => m.BulkEnrichDialog);
const CrmPushDialog = lazyDialog(() => import('../../integrations/components/CrmPushDialog'), (m) => m.CrmPushDialog);
const SaveCompaniesDialog = lazyDialog(() => import('../../lists/components/SaveCompaniesDialog'), (m) => m.SaveCompaniesDialog);
const SaveListDialog = lazyDialog(() => import('../../lists/components/SaveListDialog'), (m) => m.SaveListDialog);
const UploadCsvDialog = lazyDialog(() => import('../../lists/components/UploadCsvDialog'), (m) => m.UploadCsvDialog);
const SaveSearchDialog = lazyDialog(() => import('./SaveSearchDialog'), (m) => m.SaveSearchDialog);

const PAGE_SIZES = [SEARCH_PAGE_SIZE.default, 50, SEARCH_PAGE_SIZE.max].map(String);
const VIEWS = [
  { value: 'people', label: 'People' },
  { value: 'companies', label: 'Companies' },
];

type SearchResultsProps = {
  view: ResultsView;
  onViewChange: (view: ResultsView) => void;
  results: ReturnType<typeof useResultPages>;
  /** The filters in the sidebar, which Save search stores. */
  filters: SearchFilters;
  /** The filters of the results on screen, which a dynamic list keeps matching. */
  searchedFilters: SearchFilters;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  onSaved: (saved: SavedSearchDto) => void;
  /** Companies tab: "select N" chose the first N companies of the search (null: rows by id). */
  firstCompanies: number | null;
  onFirstCompaniesChange: (count: number | null) => void;
};

/** The toolbar, the people or companies table of the current search, and its pager. */
export function SearchResults(props: SearchResultsProps) {
  const { view, onViewChange, results, filters, searchedFilters, pageSize, onPageSizeChange, selection, onSelectionChange, onSaved, firstCompanies, onFirstCompaniesChange } = props;
  const [saveOpened, saveDialog] = useDisclosure(false);
  const [saveListOpened, saveListDialog] = useDisclosure(false);
  const [uploadOpened, uploadDialog] = useDisclosure(false);
  const [bulkOpened, bulkDialog] = useDisclosure(false);
  const [pushOpened, pushDialog] = useDisclosure(false);
  const [enrichSelection, setEnrichSelection] = useState<EnrichType | null>(null);
  const rowsPerPageId = useId();
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const selected = view === 'companies' && firstCompanies !== null ? firstCompanies : selectedIds.length;
  const companyPick: CompanyPick | null =
    view !== 'companies' ? null : firstCompanies !== null ? { kind: 'first', count: firstCompanies, filters: searchedFilters } : { kind: 'ids', ids: selectedIds };
  const empty = results.failure ?? SEARCH_MESSAGES.noProspects;
  const shownFrom = results.rows.length === 0 ? 0 : results.firstRow;
  const shownTo = results.firstRow + results.rows.length - 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h3">
          Prospect Search
        </Title>
        <Group gap="sm" data-tour="search-actions">
          <Button variant="default" leftSection={<IconBookmark size={16} />} onClick={saveDialog.open}>
            Save search
          </Button>
          <Button variant="default" leftSection={<IconPlaylistAdd size={16} />} onClick={saveListDialog.open} disabled={selected === 0}>
            {view === 'companies' ? 'Save to list' : 'Save List'}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconSparkles size={16} />} rightSection={<IconChevronDown size={14} />} disabled={view !== 'people' || selected === 0}>
                Enrich
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {ENRICH_CHOICES.map((choice) => (
                <Menu.Item key={choice.type} onClick={() => setEnrichSelection(choice.type)}>
                  {choice.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" leftSection={<IconUsersGroup size={16} />} onClick={bulkDialog.open} disabled={view !== 'people'}>
            Bulk Enrich
          </Button>
          <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={uploadDialog.open}>
            Upload CSV
          </Button>
          <Button variant="default" leftSection={<IconCloudUpload size={16} />} onClick={pushDialog.open} disabled={view !== 'people'}>
            CRM Push
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" data-tour="search-results">
        <Group justify="space-between" p="sm" gap="sm">
          <Group gap="md">
            <SegmentedControl
              aria-label="Results view"
              size="sm"
              data={VIEWS}
              value={view}
              onChange={(value) => onViewChange(value as ResultsView)}
            />
            <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="results-total">
              {results.loading ? 'Searching…' : resultsTotal(results.total, results.totalIsLowerBound)}
            </Text>
          </Group>
          {view === 'companies' && firstCompanies !== null ? (
            <FirstCompaniesNote count={firstCompanies} onClear={() => onFirstCompaniesChange(null)} />
          ) : (
            <Group gap="xs">
              {view === 'companies' && (
                <CompanySelectFirst
                  total={results.total}
                  onSelect={(count) => {
                    onSelectionChange({});
                    onFirstCompaniesChange(count);
                  }}
                />
              )}
              <Text size="sm" c={selected > 0 ? undefined : 'dimmed'} data-testid="selection-count">
                {selected} selected
              </Text>
            </Group>
          )}
        </Group>
        {view === 'people' ? (
          <ResultsTable<Prospect>
            label="Prospects"
            columns={PEOPLE_COLUMNS}
            rows={results.rows as Prospect[]}
            getRowId={(row) => row._id}
            loading={results.loading}
            busy={results.loadingNext}
            empty={empty}
            selection={{ state: selection, onChange: onSelectionChange }}
          />
        ) : (
          <ResultsTable<CompanyResult>
            label="Companies"
            // Six short columns: they fit beside both panels at 1280 px without scrolling sideways.
            minWidth={0}
            compact
            columns={COMPANY_COLUMNS}
            rows={results.rows as CompanyResult[]}
            getRowId={(row) => row._id}
            loading={results.loading}
            busy={results.loadingNext}
            empty={empty}
            selection={{
              state: selection,
              onChange: (next) => {
                onFirstCompaniesChange(null);
                onSelectionChange(next);
              },
            }}
          />
        )}
        <Group justify="space-between" p="sm" gap="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="sm" c="dimmed" data-testid="page-range">
            {results.rows.length === 0 ? 'No rows' : `Page ${results.pageIndex + 1} · rows ${shownFrom}–${shownTo}`}
          </Text>
          <Group gap="sm">
            <Text size="sm" c="dimmed" id={rowsPerPageId}>
              Rows per page
            </Text>
            <Select
              aria-labelledby={rowsPerPageId}
              size="xs"
              w={76}
              data={PAGE_SIZES}
              value={String(pageSize)}
              allowDeselect={false}
              comboboxProps={{ keepMounted: false }}
              onChange={(value) => onPageSizeChange(Number(value))}
            />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconChevronLeft size={14} />}
              disabled={!results.canPrevious}
              onClick={results.previous}
            >
              Previous
            </Button>
            <Button
              size="xs"
              variant="default"
              rightSection={<IconChevronRight size={14} />}
              disabled={!results.canNext}
              loading={results.loadingNext}
              onClick={() => void results.next()}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Paper>
      <SaveSearchDialog opened={saveOpened} filters={filters} onClose={saveDialog.close} onSaved={onSaved} />
      <SaveCompaniesDialog opened={saveListOpened && view === 'companies'} onClose={saveListDialog.close} pick={companyPick} />
      <SaveListDialog
        opened={saveListOpened && view === 'people'}
        onClose={saveListDialog.close}
        personIds={selectedIds}
        filters={searchedFilters}
      />
      <UploadCsvDialog opened={uploadOpened} onClose={uploadDialog.close} />
      {enrichSelection && (
        <BulkEnrichDialog
          opened
          onClose={() => setEnrichSelection(null)}
          title="Enrich selected prospects"
          sources={[{ kind: 'selection', inputs: selectedIds.map((contactId) => ({ contactId })) }]}
          initialType={enrichSelection}
        />
      )}
      {pushOpened && <CrmPushDialog onClose={pushDialog.close} selection={{ contactIds: selectedIds }} />}
      <BulkEnrichDialog
        opened={bulkOpened}
        onClose={bulkDialog.close}
        title="Bulk Enrich"
        sources={[{ kind: 'search', filters: searchedFilters, total: results.total }, { kind: 'file' }]}
      />
    </Stack>
  );
}
