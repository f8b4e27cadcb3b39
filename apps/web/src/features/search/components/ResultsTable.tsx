import { Center, Loader, LoadingOverlay, Table, Text } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

type ResultsTableProps<Row> = {
  label: string;
  // Each column has its own value type; TanStack's own list type uses `any` for that reason.
  columns: ColumnDef<Row, any>[];
  /** The rows of the page on screen. */
  rows: Row[];
  getRowId: (row: Row) => string;
  /** First page still loading: a spinner instead of rows. */
  loading: boolean;
  /** Another page loading over rows already shown. */
  busy: boolean;
  empty: ReactNode;
  selection?: { state: RowSelectionState; onChange: OnChangeFn<RowSelectionState> };
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  /** Tighter cells whose headers may wrap, for a table of short values that must fit a narrow pane. */
  compact?: boolean;
};

/**
 * One page of search results. Paging is the caller's (scroll tokens allow no page jumps), and
 * selection is kept by row id, so it survives moving between pages.
 */
export function ResultsTable<Row>(props: ResultsTableProps<Row>) {
  const { label, columns, rows, getRowId, loading, busy, empty, selection, minWidth = 940, compact = false } = props;
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: selection !== undefined,
    state: selection ? { rowSelection: selection.state } : {},
    ...(selection ? { onRowSelectionChange: selection.onChange } : {}),
  });
  const shown = table.getRowModel().rows;

  return (
    <Table.ScrollContainer minWidth={minWidth} pos="relative">
      <LoadingOverlay visible={busy && shown.length > 0} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Table verticalSpacing="xs" {...(compact ? { horizontalSpacing: 4 } : {})} highlightOnHover aria-label={label} aria-busy={loading || busy || undefined}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th
                  key={header.id}
                  style={{ width: header.column.columnDef.size, whiteSpace: compact ? undefined : 'nowrap' }}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {shown.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Center py={48}>
                  {loading || busy ? <Loader size="sm" aria-label="Loading results" /> : <Text c="dimmed">{empty}</Text>}
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : (
            shown.map((row) => (
              <Table.Tr key={row.id} bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
