import { LISTS_MESSAGES, type ListCompanyDto, type ListContactDto, type ListContentsBodyInput, type ListDto } from '@leadline/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudUpload, IconDownload, IconSearch, IconSparkles, IconTrash } from '@tabler/icons-react';
import { CrmPushDialog } from '../../integrations/components/CrmPushDialog';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { useBreadcrumbTail } from '../../../components/shell/breadcrumbs';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import {
  forgetImportJob,
  importJobOf,
  listDownloadUrl,
  listPath,
  useDeleteList,
  useDownloadSelection,
  useListContents,
  useRemoveFromList,
} from '../api';
import { BulkEnrichDialog } from '../../enrichment/components/BulkEnrichDialog';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ListHeader, ListPopulating } from '../components/ListHeader';
import { companyColumns, contactColumns, contactName, SORT_KEYS, type Selection } from '../components/list-columns';
import { useTour } from '../../onboarding/tours/use-tour';

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 20;

type Entity = 'people' | 'companies';

/**
 * /prospects/lists/people/{id} and /prospects/lists/companies/{id}. Keyed by the id, so moving
 * to another list starts again from its first page with nothing selected, searched or sorted.
 */
export function ListDetailPage({ entity }: { entity: Entity }) {
  const { listId = '' } = useParams();
  return <ListDetail key={listId} listId={listId} entity={entity} />;
}

function ListNotFound() {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={2}>List not found</Title>
      <Text c="dimmed">This list does not exist, or it was deleted.</Text>
      <Button component={Link} to="/prospects/lists" variant="default" mt="sm">
        Back to lists
      </Button>
    </Stack>
  );
}

function ListDetail({ listId, entity }: { listId: string; entity: Entity }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const [sorting, setSorting] = useState<SortingState>([]);
  const [selection, setSelection] = useState<Selection>({});
  const [confirming, setConfirming] = useState<'list' | 'selected' | null>(null);
  const [enriching, setEnriching] = useState(false);
  const [pushing, setPushing] = useState(false);
  const sort = sorting[0];
  const body: ListContentsBodyInput = {
    pageNum: page.pageIndex + 1,
    limit: page.pageSize,
    sortBy: sort ? SORT_KEYS[sort.id] : 'addedAt',
    sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : 'desc',
    filters: debouncedSearch ? { name: debouncedSearch } : {},
  };
  const contents = useListContents(listId, body);
  const list = contents.data?.list;
  // The tour points at the enrich and CRM buttons, which people lists have.
  useTour('list-detail', { ready: entity === 'people' && !!list });
  const removeSelected = useRemoveFromList(listId);
  const deleteList = useDeleteList();
  const downloadSelection = useDownloadSelection();
  useBreadcrumbTail(list?.name);

  const processing = list?.completionStatus === 'processing';
  const [jobId] = useState(() => importJobOf(listId));
  useEffect(() => {
    if (list && !processing) forgetImportJob(listId);
  }, [list, processing, listId]);

  const notFound = isApiError(contents.error) && contents.error.status === 404;
  useEffect(() => {
    if (contents.error && !notFound && !(isApiError(contents.error) && contents.error.status === 401)) notify.error(LISTS_MESSAGES.listProspectsFetchFailed);
  }, [contents.error, notFound]);

  if (notFound) return <ListNotFound />;
  if (list && (list.entityType === 'companyList') !== (entity === 'companies')) return <Navigate to={listPath(list)} replace />;

  const selectedIds = Object.keys(selection);
  const contacts = selectedIds.filter((id) => !selection[id]!.custom);
  const customContacts = selectedIds.filter((id) => selection[id]!.custom);

  const confirmDeleteSelected = () =>
    removeSelected.mutate(entity === 'companies' ? { companies: selectedIds } : { contacts, customContacts }, {
      onSuccess: () => {
        notify.success(LISTS_MESSAGES.prospectsDeleted);
        setSelection({});
        setConfirming(null);
      },
    });

  const confirmDeleteList = () =>
    deleteList.mutate(listId, {
      onSuccess: () => {
        notify.success(LISTS_MESSAGES.listDeleted);
        void navigate('/prospects/lists');
      },
    });

  const resetPage = () => setPage((current) => ({ ...current, pageIndex: 0 }));
  const common = {
    pagination: { ...page, total: contents.data?.total ?? 0, onChange: setPage },
    sorting: {
      mode: 'manual' as const,
      state: sorting,
      onChange: (next: SortingState) => {
        setSorting(next);
        resetPage();
      },
    },
    loading: contents.isFetching && !contents.data,
    filters: (
      <TextInput
        aria-label={entity === 'companies' ? 'Search companies' : 'Search prospects'}
        placeholder="Search by name"
        leftSection={<IconSearch size={16} stroke={1.7} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          resetPage();
        }}
        maw={360}
      />
    ),
  };

  const listActions = (
    <>
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} component="a" href={listDownloadUrl(listId)} download>
        Download list
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming('list')}>
        Delete list
      </Button>
    </>
  );

  return (
    <Stack gap="md">
      {list ? <ListHeader list={list} actions={listActions} /> : <Title order={1} size="h3">List</Title>}
      {processing && <ListPopulating jobId={jobId} />}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c={selectedIds.length > 0 ? undefined : 'dimmed'} data-testid="selection-count">
          {selectedIds.length} selected
        </Text>
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={selectedIds.length === 0}
            onClick={() => setConfirming('selected')}
          >
            Delete selected
          </Button>
          {entity === 'people' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={selectedIds.length === 0}
              loading={downloadSelection.isPending}
              onClick={() => list && downloadSelection.mutate({ listName: list.name, contacts, customContacts })}
            >
              Download selection
            </Button>
          )}
          {entity === 'people' && (
            <Button size="xs" variant="default" leftSection={<IconSparkles size={14} />} onClick={() => setEnriching(true)} disabled={!list || (contents.data?.total ?? 0) === 0} data-tour="list-enrich">
              {selectedIds.length > 0 ? 'Enrich selected' : 'Bulk enrich'}
            </Button>
          )}
          {entity === 'people' && (
            <Button size="xs" variant="default" leftSection={<IconCloudUpload size={14} />} onClick={() => setPushing(true)} disabled={!list || (contents.data?.total ?? 0) === 0} data-tour="list-crm-push">
              CRM Push
            </Button>
          )}
        </Group>
      </Group>
      {entity === 'companies' ? (
        <DataTable<ListCompanyDto>
          label="Companies"
          columns={companyColumns({
            selection,
            rows: contents.data?.companies ?? [],
            idOf: (c) => c._id,
            customOf: () => false,
            nameOf: (c) => c.name,
            onChange: setSelection,
          })}
          data={contents.data?.companies ?? []}
          getRowId={(c) => c._id}
          {...common}
        />
      ) : (
        <DataTable<ListContactDto>
          label="Prospects"
          columns={contactColumns({
            selection,
            rows: contents.data?.contacts ?? [],
            idOf: (c) => c._id,
            customOf: (c) => c.isCustom,
            nameOf: contactName,
            onChange: setSelection,
          }, { columns: contents.data?.columns ?? [], cells: contents.data?.cells ?? {} })}
          data={contents.data?.contacts ?? []}
          getRowId={(c) => c._id}
          {...common}
        />
      )}
      {pushing && list && (
        <CrmPushDialog onClose={() => setPushing(false)} selection={{ customContactIds: selectedIds }} currentList={{ id: listId, name: list.name }} />
      )}
      {enriching && (
        <BulkEnrichDialog
          opened
          onClose={() => setEnriching(false)}
          title={selectedIds.length > 0 ? 'Enrich selected prospects' : 'Bulk enrich this list'}
          sources={[
            selectedIds.length > 0
              ? { kind: 'selection', inputs: selectedIds.map((customContactId) => ({ customContactId })) }
              : { kind: 'list', listId, listName: list?.name ?? '', name: debouncedSearch || undefined, total: contents.data?.total ?? 0 },
          ]}
        />
      )}
      <ConfirmDialog
        opened={confirming === 'selected'}
        title={entity === 'companies' ? 'Delete selected companies' : 'Delete selected prospects'}
        confirmLabel="Delete"
        loading={removeSelected.isPending}
        onConfirm={confirmDeleteSelected}
        onClose={() => setConfirming(null)}
      >
        Remove {selectedIds.length} selected {entity === 'companies' ? 'companies' : 'prospects'} from '{list?.name}'?
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'list'}
        title="Delete list"
        confirmLabel="Delete"
        loading={deleteList.isPending}
        onConfirm={confirmDeleteList}
        onClose={() => setConfirming(null)}
      >
        {deleteMessage(list)}
      </ConfirmDialog>
    </Stack>
  );
}

const deleteMessage = (list: ListDto | undefined) =>
  `Delete the list '${list?.name ?? ''}'? ${list?.entityType === 'companyList' ? 'The companies stay in the database.' : "The prospects in it stay in your team's contacts."}`;
