import { Center, Loader, LoadingOverlay, Table, Text } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import classes from './ResultsTable.module.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the augmented interface's own parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Stays in view while the table scrolls sideways; pinned columns come first and have a `size`. */
    pinned?: boolean;
  }
}

/** Where a pinned column sits: after the pinned columns before it. */
function pinnedPlace<Row>(column: Column<Row, unknown>, all: Column<Row, unknown>[]): { className?: string; style?: CSSProperties } {
  if (!column.columnDef.meta?.pinned) return {};
  const index = all.indexOf(column);
  const left = all.slice(0, index).reduce((sum, before) => sum + before.getSize(), 0);
  const last = !all[index + 1]?.columnDef.meta?.pinned;
  const width = column.getSize();
  return {
    className: last ? `${classes.pinned} ${classes.edge}` : classes.pinned,
    style: { left, width, minWidth: width, maxWidth: width },
  };
}

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
  const leafColumns = table.getVisibleLeafColumns();

  return (
    // Its own scroll box, as tall as the window allows: the header row stays on top of long pages
    // and the pager below stays in reach.
    <Table.ScrollContainer minWidth={minWidth} maxHeight="max(360px, calc(100dvh - 290px))" pos="relative">
      <LoadingOverlay visible={busy && shown.length > 0} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Table stickyHeader verticalSpacing={8} horizontalSpacing={compact ? 4 : 'sm'} highlightOnHover aria-label={label} aria-busy={loading || busy || undefined}>
        <Table.Thead className={classes.head}>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const place = pinnedPlace(header.column, leafColumns);
                return (
                  <Table.Th key={header.id} className={place.className} style={place.style ?? { width: header.column.columnDef.size, ...(compact ? { whiteSpace: 'normal' } : {}) }}>
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.Th>
                );
              })}
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
              <Table.Tr key={row.id} className={classes.row} data-selected={row.getIsSelected() || undefined}>
                {row.getVisibleCells().map((cell) => {
                  const place = pinnedPlace(cell.column, leafColumns);
                  return (
                    <Table.Td key={cell.id} className={place.className} style={place.style}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
