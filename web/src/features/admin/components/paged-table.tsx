import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

interface PagedTableProps<Row extends { id: number }> {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** A server-paged admin table: the rows of the pages loaded so far, and "Load more" for the next keyset page. */
export function PagedTable<Row extends { id: number }>(props: PagedTableProps<Row>) {
  const { columns, rows } = props;
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={props.label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align ?? 'left'} sx={{ fontWeight: 600 }}>
                  {column.label}
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
