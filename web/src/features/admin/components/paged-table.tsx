import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** The server's sort name of this column (`sort=` in the list's query); absent: the column cannot be sorted. */
  sortKey?: string;
}

export type SortOrder = 'asc' | 'desc';

/** The table's sort: a column's `sortKey` and the order (the server sorts; the table only shows and asks). */
export interface TableSort {
  by: string;
  order: SortOrder;
}

/** The rows of the keyset pages loaded so far and their loading state (`useAdminPages().tableProps`). */
export interface PagedRows<Row> {
  rows: Row[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

interface PagedTableProps<Row extends { id: number }> extends PagedRows<Row> {
  label: string;
  columns: Column<Row>[];
  /** The current sort; with `onSortChange`, columns with a `sortKey` get clickable headers. */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
}

/** A server-paged admin table: the rows of the pages loaded so far, and "Load more" for the next keyset page. */
export function PagedTable<Row extends { id: number }>(props: PagedTableProps<Row>) {
  const { columns, rows, sort, onSortChange } = props;
  /** A click on the sorted column flips its order; on another column it sorts by that column, ascending. */
  const nextSort = (by: string): TableSort => ({
    by,
    order: sort?.by === by && sort.order === 'asc' ? 'desc' : 'asc',
  });
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={props.label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align ?? 'left'}
                  sx={{ fontWeight: 600 }}
                  sortDirection={sort && column.sortKey === sort.by ? sort.order : false}
                >
                  {column.sortKey && onSortChange ? (
                    <TableSortLabel
                      active={sort?.by === column.sortKey}
                      direction={sort?.by === column.sortKey ? sort.order : 'asc'}
                      onClick={() => column.sortKey && onSortChange(nextSort(column.sortKey))}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align ?? 'left'}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, py: 2 }}>
        {props.loading && <CircularProgress size={24} aria-label="Loading" />}
        {props.error && <Typography color="error">{props.error}</Typography>}
        {!props.loading && !props.error && rows.length === 0 && (
          <Typography color="text.secondary">Nothing found.</Typography>
        )}
        {props.hasMore && (
          <Button variant="outlined" disabled={props.loadingMore} onClick={props.onLoadMore}>
            Load more
          </Button>
        )}
      </Box>
    </Box>
  );
}
