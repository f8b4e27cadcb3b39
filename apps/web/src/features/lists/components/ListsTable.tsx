import { LISTS_MESSAGES, type ListDto, type ListsQueryInput } from '@leadline/shared';
import { ActionIcon, Anchor, Badge, Group, Loader, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { createColumnHelper, type PaginationState, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { notify } from '../../../lib/notify';
import { listPath, useDeleteList, useLists } from '../api';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDate, formatCount, recordsOf } from './format';
import { ListsEmptyState } from './ListsEmptyState';

const SEARCH_DEBOUNCE_MS = 300;
export const LISTS_PAGE_SIZE = 20;
/** Spec §2: newest first until the user sorts otherwise. */
const DEFAULT_SORT: SortingState = [{ id: 'createdAt', desc: true }];

const column = createColumnHelper<ListDto>();

/** A processing list says so next to its name (spec §2). */
function ListName({ list }: { list: ListDto }) {
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={listPath(list)} fw={600} size="sm">
        {list.name}
      </Anchor>
      {list.completionStatus === 'processing' && (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} aria-hidden />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {LISTS_MESSAGES.populating}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function ListType({ list }: { list: ListDto }) {
  return (
    // As wide as its two badges: a narrow table must not slide the next column's figures under them.
    <Group gap={4} wrap="nowrap" miw="max-content" data-testid="list-type">
      <Badge variant="light" color={list.entityType === 'companyList' ? 'grape' : 'indigo'} style={{ flexShrink: 0 }}>
        {list.entityType === 'companyList' ? 'Companies' : 'People'}
      </Badge>
      <Badge variant="outline" color={list.isDynamic ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
        {list.isDynamic ? 'Dynamic' : 'Static'}
      </Badge>
    </Group>
  );
}

/** Accessor columns sort on the server by their key (ListSortBy); display columns do not sort. */
function useColumns(onDelete: (list: ListDto) => void) {
  const count = (value: number) => <Text size="sm">{formatCount(value)}</Text>;
  return [
    column.accessor('name', { header: 'Name', cell: ({ row }) => <ListName list={row.original} /> }),
    column.display({ id: 'type', header: 'Type', size: 170, cell: ({ row }) => <ListType list={row.original} /> }),
    column.accessor('contacts', { header: 'Records', cell: ({ row }) => count(recordsOf(row.original)) }),
    column.display({
      id: 'withEmail',
      header: 'With email',
      cell: ({ row: { original: l } }) => (
        <Tooltip label={`${formatCount(l.totalWithProfessionalEmail)} with a work email, ${formatCount(l.totalWithPersonalEmail)} with a personal email`} withArrow>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatCount(l.totalWithProfessionalEmail)} work · {formatCount(l.totalWithPersonalEmail)} personal
          </Text>
        </Tooltip>
      ),
    }),
    column.display({ id: 'withLinkedin', header: 'With LinkedIn', cell: ({ row }) => count(row.original.totalWithLinkedin) }),
    column.display({ id: 'withPhone', header: 'With valid phone', cell: ({ row }) => count(row.original.totalWithValidPhone) }),
    column.accessor('createdByName', { header: 'Created by', cell: ({ getValue }) => <Text size="sm">{getValue()}</Text> }),
    column.accessor('createdAt', { header: 'Created', cell: ({ getValue }) => <Text size="sm">{formatDate(getValue())}</Text> }),
    column.accessor('updatedAt', { header: 'Updated', cell: ({ getValue }) => <Text size="sm">{formatDate(getValue())}</Text> }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete list ${row.original.name}`} onClick={() => onDelete(row.original)}>
          <IconTrash size={16} stroke={1.7} />
        </ActionIcon>
      ),
    }),
  ];
}

type ListsTableProps = { onUploadCsv: () => void; onUploadCompanies: () => void };

/** The team's lists (spec §2 "Lists screen"): name search, server paging and sorting, delete. */
export function ListsTable({ onUploadCsv, onUploadCompanies }: ListsTableProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState<PaginationState>({ pageIndex: 0, pageSize: LISTS_PAGE_SIZE });
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORT);
  const [deleting, setDeleting] = useState<ListDto | null>(null);
  const sort = sorting[0] ?? DEFAULT_SORT[0]!;
  const query: ListsQueryInput = {
    pageNum: page.pageIndex + 1,
    limit: page.pageSize,
    sortBy: sort.id as NonNullable<ListsQueryInput['sortBy']>,
    sortOrder: sort.desc ? 'desc' : 'asc',
    ...(debouncedSearch ? { name: debouncedSearch } : {}),
  };
  const lists = useLists(query);
  const deleteList = useDeleteList();
  const columns = useColumns(setDeleting);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteList.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(LISTS_MESSAGES.listDeleted);
        setDeleting(null);
      },
    });
  };

  const noListsAtAll = lists.data?.total === 0 && debouncedSearch === '' && search.trim() === '';

  return (
    <>
      {noListsAtAll ? (
        <ListsEmptyState onUploadCsv={onUploadCsv} onUploadCompanies={onUploadCompanies} />
      ) : (
        <DataTable
          label="Lists"
          columns={columns}
          data={lists.data?.lists ?? []}
          getRowId={(list) => list._id}
          loading={lists.isFetching && !lists.data}
          pagination={{ ...page, total: lists.data?.total ?? 0, onChange: setPage }}
          sorting={{
            mode: 'manual',
            state: sorting,
            onChange: (next) => {
              setSorting(next.length > 0 ? next : DEFAULT_SORT);
              setPage((current) => ({ ...current, pageIndex: 0 }));
            },
          }}
          filters={
            <TextInput
              aria-label="Search lists"
              placeholder="Search lists by name"
              leftSection={<IconSearch size={16} stroke={1.7} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage((current) => ({ ...current, pageIndex: 0 }));
              }}
              maw={360}
            />
          }
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete list"
        confirmLabel="Delete"
        loading={deleteList.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Delete the list '{deleting?.name}'? The prospects in it stay in your team's contacts.
      </ConfirmDialog>
    </>
  );
}
