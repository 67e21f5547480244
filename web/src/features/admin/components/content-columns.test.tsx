import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContentRow, contentColumns } from './content-columns';
import { PagedTable } from './paged-table';

const row: ContentRow = { id: 12, name: 'Beach', owner: { id: 7, email: 'ann@example.com', name: 'Ann' } };

const renderTable = (options: Omit<Parameters<typeof contentColumns<ContentRow>>[0], 'noun'>) =>
  render(
    <PagedTable
      label="Wiggles"
      columns={contentColumns<ContentRow>({ noun: 'wiggles', ...options })}
      rows={[row]}
      loading={false}
      error={null}
      hasMore={false}
      loadingMore={false}
      onLoadMore={() => undefined}
    />,
  );

afterEach(cleanup);

describe('contentColumns', () => {
  it('opens the row from its name and filters to its owner from the e-mail', () => {
    const onOpen = vi.fn<(row: ContentRow) => void>();
    const onOwner = vi.fn<(ownerId: string) => void>();
    renderTable({ onOpen, onOwner, thumbnailUrl: (r) => `/thumb/${r.id}` });
    fireEvent.click(screen.getByRole('button', { name: 'Beach' }));
    expect(onOpen).toHaveBeenCalledWith(row);
    const owner = screen.getByRole('button', { name: 'ann@example.com' });
    expect(owner.getAttribute('title')).toBe("Show only this member's wiggles");
    fireEvent.click(owner);
    expect(onOwner).toHaveBeenCalledWith('7');
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/thumb/12');
  });

  it('leaves out the thumbnail column without a thumbnail address', () => {
    renderTable({ onOpen: () => undefined, onOwner: () => undefined });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Id',
      'Name',
      'Owner',
    ]);
    expect(document.querySelector('img')).toBeNull();
  });
});
