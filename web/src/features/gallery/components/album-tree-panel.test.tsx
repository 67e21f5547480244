import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MoveType } from '@wiggle/common/enums';
import type { Album } from '@wiggle/common/schemas/gallery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { DRAG_MIME } from '../../../lib/drag-items';
import { AlbumTreePanel } from './album-tree-panel';

afterEach(cleanup);

const album = (id: number, name: string, parentId: number | null = null, isPublic = false): Album => ({
  id,
  parentId,
  name,
  public: isPublic,
  preventPublicListing: false,
  hasPublicParent: false,
  deleteStatus: 0,
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A drag carrying gallery items, as a card's dragstart writes it. */
const carrying = (items: unknown) => {
  const data = new Map([[DRAG_MIME, JSON.stringify(items)]]);
  return { types: [...data.keys()], getData: (type: string) => data.get(type) ?? '', dropEffect: '' };
};

/** Dispatches a drag event carrying `items`, with modifier keys (jsdom's DragEvent does not take them). */
function drag(type: 'dragover' | 'drop', target: HTMLElement, items: unknown, keys: object = {}) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.assign(event, { dataTransfer: carrying(items), ctrlKey: false, altKey: false, ...keys });
  target.dispatchEvent(event);
  return event;
}

function renderTree() {
  const props = {
    onSelect: vi.fn(),
    onOpenTrash: vi.fn(),
    onToggle: vi.fn(),
    onCreate: vi.fn(),
    onDropItems: vi.fn(),
  };
  render(
    <ThemeProvider theme={theme}>
      <AlbumTreePanel
        albums={[album(1, 'Trips', null, true), album(2, 'Alps', 1), album(3, 'Best of')]}
        selectedId={null}
        trashOpen={false}
        opened={[1]}
        {...props}
      />
    </ThemeProvider>,
  );
  return props;
}

describe('the album tree', () => {
  it('takes dropped wiggles on an album or the root: a plain drop moves, Ctrl or Alt copies', () => {
    const { onDropItems } = renderTree();
    const wiggles = { type: MoveType.Wiggle, ids: [7, 8] };
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    const over = drag('dragover', row('Best of'), wiggles);
    expect(over.defaultPrevented).toBe(true);
    drag('drop', row('Best of'), wiggles);
    expect(onDropItems).toHaveBeenLastCalledWith(3, wiggles, false);
    drag('drop', row('Alps'), wiggles, { ctrlKey: true });
    expect(onDropItems).toHaveBeenLastCalledWith(2, wiggles, true);
    drag('drop', row('Gallery'), wiggles, { altKey: true });
    expect(onDropItems).toHaveBeenLastCalledWith(null, wiggles, true);
    // The trash is not a drop target.
    drag('drop', row('Trash'), wiggles);
    expect(onDropItems).toHaveBeenCalledTimes(3);
  });

  it('shows public albums with a globe, opens the trash, and drags an album as an album', () => {
    const { onOpenTrash } = renderTree();
    const rowButton = (name: string) => screen.getByText(name).closest('[role="button"]') as HTMLElement;
    expect(rowButton('Trips').querySelector('[data-testid="PublicIcon"]')).toBeTruthy();
    expect(rowButton('Best of').querySelector('[data-testid="PublicIcon"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    expect(onOpenTrash).toHaveBeenCalled();
    const written = new Map<string, string>();
    fireEvent.dragStart(screen.getByRole('button', { name: 'Alps' }), {
      dataTransfer: { setData: (t: string, v: string) => written.set(t, v), effectAllowed: '' },
    });
    expect(JSON.parse(written.get(DRAG_MIME) ?? 'null')).toEqual({ type: MoveType.Folder, ids: [2] });
  });
});
