import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, PagedTable, type TableSort } from './paged-table';

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [
  { key: 'id', label: 'Id', render: (row) => row.id, sortKey: 'id' },
  { key: 'name', label: 'Name', render: (row) => row.name, sortKey: 'name' },
  { key: 'note', label: 'Note', render: () => '—' },
];

const base = {
  label: 'Rows',
  columns,
  rows: [{ id: 1, name: 'Ann' }],
  loading: false,
  error: null,
  hasMore: false,
  loadingMore: false,
  onLoadMore: () => undefined,
};

afterEach(cleanup);

describe('PagedTable sorting', () => {
  it('asks for ascending on a new column and flips the order on the sorted one', () => {
    const onSortChange = vi.fn<(sort: TableSort) => void>();
    render(<PagedTable {...base} sort={{ by: 'id', order: 'desc' }} onSortChange={onSortChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ by: 'name', order: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: /Id/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ by: 'id', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Id/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('keeps plain headers without a sort handler or a sortKey', () => {
    render(<PagedTable {...base} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: 'Note' })).toBeTruthy();
  });
});
