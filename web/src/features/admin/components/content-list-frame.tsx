import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import type { ContentFilter } from '../use-content-filter';
import type { ContentRow } from './content-columns';
import { type Column, type PagedRows, PagedTable } from './paged-table';

interface ContentListFrameProps<Row extends ContentRow> extends PagedRows<Row> {
  filter: ContentFilter;
  /** Filters after the name search and the owner id. */
  filters?: ReactNode;
  /** What the page lists, capitalised ("Wiggles"): the table's accessible name; "Admin · Wiggles" heads the page. */
  label: string;
  columns: Column<Row>[];
  /** Below the table: the detail dialog. */
  children?: ReactNode;
}

/** An admin content page: its title and heading, the name search and owner id filters, the sortable table, its detail. */
export function ContentListFrame<Row extends ContentRow>({
  filter,
  filters,
  children,
  ...table
}: ContentListFrameProps<Row>) {
  const title = `Admin · ${table.label}`;
  usePageTitle(title);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Search name"
          size="small"
          value={filter.search}
          onChange={(event) => filter.setSearch(event.target.value)}
        />
        <TextField
          label="Owner id"
          size="small"
          value={filter.ownerId}
          onChange={(event) => filter.setOwnerId(event.target.value)}
          sx={{ width: 120 }}
        />
        {filters}
      </Box>
      <PagedTable {...table} sort={filter.sort} onSortChange={filter.setSort} />
      {children}
    </Paper>
  );
}
