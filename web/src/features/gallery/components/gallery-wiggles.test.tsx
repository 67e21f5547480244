import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoveType } from '@wiggle/common/enums';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { DRAG_MIME } from '../../../lib/drag-items';
import { getSetting, resetSettings } from '../../../lib/stores/settings';
import { GalleryWiggles } from './gallery-wiggles';

const wiggle = (id: number): GalleryWiggle => ({
  id,
  albumId: 5,
  name: `Wiggle ${id}`,
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
  rating: 0,
  viewCount: 0,
  promoted: false,
  blocked: false,
  allowShare: true,
  allowLinkToAlbum: true,
  showInFeed: false,
  iframeWatermark: null,
  shareWatermark: null,
  width: 640,
  height: 480,
  hasInBetweens: true,
  hasVideo: false,
  deleteStatus: 0,
  deletedAt: null,
});
const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  resetSettings();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return Response.json({ items: [wiggle(1), wiggle(2), wiggle(3)], nextCursor: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderGrid() {
  const onSelection = vi.fn();
  const onOpen = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <GalleryWiggles albumId={5} onOpen={onOpen} onSelection={onSelection} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { onSelection, onOpen, user: userEvent.setup({ delay: null }) };
}

const grid = () => screen.getByRole('list', { name: 'Gallery wiggles' });
const card = (name: string) => within(grid()).getByRole('button', { name, exact: true } as never);

describe('the gallery grid', () => {
  it('selects with click, Ctrl-click and Shift-click, and moves, copies or trashes the selection in order', async () => {
    const { onSelection, onOpen, user } = renderGrid();
    await screen.findByRole('button', { name: 'Wiggle 3' });
    expect(requested[0]).toBe('/api/gallery/albums/5/wiggles?sort=created&order=asc');
    expect((screen.getByRole('button', { name: 'Move to…' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(card('Wiggle 3'));
    await user.keyboard('{Shift>}');
    await user.click(card('Wiggle 1'));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('3 selected')).toBeTruthy();
    await user.keyboard('{Control>}');
    await user.click(card('Wiggle 2'));
    await user.keyboard('{/Control}');
    expect(card('Wiggle 2').getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    expect(onSelection).toHaveBeenLastCalledWith('move', [1, 3]);
    await user.click(screen.getByRole('button', { name: 'Copy to…' }));
    expect(onSelection).toHaveBeenLastCalledWith('copy', [1, 3]);
    await user.click(screen.getByRole('button', { name: 'Move to trash' }));
    expect(onSelection).toHaveBeenLastCalledWith('delete', [1, 3]);
    expect(onOpen).not.toHaveBeenCalled();

    await user.dblClick(card('Wiggle 2'));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));
    await user.click(screen.getByRole('button', { name: 'Details of Wiggle 1' }));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('drags the selection (or the one card) as gallery wiggles', async () => {
    const { user } = renderGrid();
    await screen.findByRole('button', { name: 'Wiggle 3' });
    const dragOf = (name: string) => {
      const data = new Map<string, string>();
      const dataTransfer = {
        setData: (type: string, value: string) => data.set(type, value),
        effectAllowed: '',
      };
      const event = new Event('dragstart', { bubbles: true });
      Object.assign(event, { dataTransfer });
      card(name).dispatchEvent(event);
      return JSON.parse(data.get(DRAG_MIME) ?? 'null');
    };
    expect(dragOf('Wiggle 2')).toEqual({ type: MoveType.Wiggle, ids: [2] });
    await user.click(card('Wiggle 3'));
    await user.keyboard('{Control>}');
    await user.click(card('Wiggle 1'));
    await user.keyboard('{/Control}');
    expect(dragOf('Wiggle 3')).toEqual({ type: MoveType.Wiggle, ids: [1, 3] });
    expect(dragOf('Wiggle 2')).toEqual({ type: MoveType.Wiggle, ids: [2] });
  });

  it('zooms the thumbnails in steps and keeps the zoom and the sort in the settings', async () => {
    const { user } = renderGrid();
    await screen.findByRole('button', { name: 'Wiggle 3' });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(getSetting('galleryZoomIndex')).toBe(5);
    expect(screen.getByLabelText('Zoom level').textContent).toBe('1.1×');
    const image = card('Wiggle 1').querySelector('div') as HTMLElement;
    expect(getComputedStyle(image).width).toBe('220px');
    await user.click(screen.getByRole('button', { name: 'Ascending' }));
    expect(getSetting('galleryWiggleSort')).toEqual({ by: 'created', order: 'desc' });
    await vi.waitFor(() =>
      expect(requested.at(-1)).toBe('/api/gallery/albums/5/wiggles?sort=created&order=desc'),
    );
  });
});
