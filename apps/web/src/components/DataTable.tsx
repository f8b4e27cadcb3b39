import { MESSAGES } from '@leadline/shared';
import { Center, Group, Loader, Pagination, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { useId, useState, type ReactNode } from 'react';
import classes from './DataTable.module.css';

/** spec: "5 rows per page by default". */
export const DEFAULT_PAGE_SIZE = 5;
const PAGE_SIZES = [5, 10, 20, 50];

/** Pages fetched by the server: the table shows `data` as one page of `total` rows. */
export type ServerPagination = {
  pageIndex: number;
  pageSize: number;
  total: number;
  onChange: (next: PaginationState) => void;
};

/** `client` sorts the rows it has; `manual` leaves sorting to the caller (usually the server). */
export type TableSorting =
  | { mode: 'client'; initial?: SortingState }
  | { mode: 'manual'; state: SortingState; onChange: (next: SortingState) => void };

export type DataTableProps<Row> = {
  // Each column has its own value type; TanStack's own list type uses `any` for that reason.
  columns: ColumnDef<Row, any>[];
  data: Row[];
  getRowId?: (row: Row) => string;
  pagination?: ServerPagination;
  sorting?: TableSorting;
  /** Inputs above the table (search, selects) that narrow `data`. */
  filters?: ReactNode;
  loading?: boolean;
  /** Accessible name of the table. */
  label: string;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<Row>({ header, sticky }: { header: Header<Row, unknown>; sticky: boolean }) {
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  const sortable = header.column.getCanSort();
  const direction = header.column.getIsSorted();
  const SortIcon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconSelector;

  return (
    <Table.Th
      className={sticky ? classes.stickyCell : undefined}
      aria-sort={sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
      style={{ width: header.column.columnDef.size, whiteSpace: 'nowrap' }}
    >
      {sortable ? (
        <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()}>
          {content}
          <SortIcon size={14} stroke={1.8} aria-hidden />
        </UnstyledButton>
      ) : (
        content
      )}
    </Table.Th>
  );
}

/** Mantine table driven by TanStack Table: sorting, client or server pagination, empty state. */
export function DataTable<Row>({ columns, data, getRowId, pagination, sorting, filters, loading, label }: DataTableProps<Row>) {
  const [clientSorting, setClientSorting] = useState<SortingState>(sorting?.mode === 'client' ? (sorting.initial ?? []) : []);
  const [clientPage, setClientPage] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const manualSorting = sorting?.mode === 'manual' ? sorting : undefined;
  const pageState = pagination ? { pageIndex: pagination.pageIndex, pageSize: pagination.pageSize } : clientPage;

  const table = useReactTable({
    data,
    columns,
    ...(getRowId ? { getRowId } : {}),
    state: { sorting: manualSorting?.state ?? clientSorting, pagination: pageState },
    enableSorting: sorting !== undefined,
    manualSorting: manualSorting !== undefined,
    onSortingChange: (updater) => {
      const current = manualSorting?.state ?? clientSorting;
      const next = typeof updater === 'function' ? updater(current) : updater;
      if (manualSorting) manualSorting.onChange(next);
      else setClientSorting(next);
    },
    manualPagination: pagination !== undefined,
    rowCount: pagination?.total,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(pageState) : updater;
      if (pagination) pagination.onChange(next);
      else setClientPage(next);
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const rowsPerPageId = useId();
  const rows = table.getRowModel().rows;
  const total = pagination?.total ?? data.length;
  const first = total === 0 ? 0 : pageState.pageIndex * pageState.pageSize + 1;
  const last = Math.min(total, (pageState.pageIndex + 1) * pageState.pageSize);

  return (
    <Stack gap="sm">
      {filters}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label} aria-busy={loading || undefined}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header, i) => (
                  <HeaderCell key={header.id} header={header} sticky={i === 0} />
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Center py="xl">
                    {loading ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{MESSAGES.noResults}</Text>}
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell, i) => (
                    <Table.Td key={cell.id} className={i === 0 ? classes.stickyCell : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {total === 0 ? 'No rows' : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
        </Text>
        <Group gap="sm">
          <Text size="sm" c="dimmed" id={rowsPerPageId}>
            Rows per page
          </Text>
          <Select
            aria-labelledby={rowsPerPageId}
            size="xs"
            w={72}
            data={PAGE_SIZES.map(String)}
            value={String(pageState.pageSize)}
            allowDeselect={false}
            onChange={(value) => table.setPagination({ pageIndex: 0, pageSize: Number(value) })}
          />
          <Pagination
            size="sm"
            total={Math.max(1, table.getPageCount())}
            value={pageState.pageIndex + 1}
            onChange={(page) => table.setPageIndex(page - 1)}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      </Group>
    </Stack>
  );
}
