import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@wiggle/common/messages';
import type { Album } from '@wiggle/common/schemas/gallery';
import type { Roll } from '@wiggle/common/schemas/shop';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { getSetting, resetSettings, restoreSettings } from '../../../lib/stores/settings';
import { closeShopDialog, useShopDialogStore } from '../../../lib/stores/shop-dialogs';
import { ExportPanel } from './export-panel';

const album = (id: number, name: string, parentId: number | null = null): Album => ({
  id,
  parentId,
  name,
  public: false,
  preventPublicListing: false,
  hasPublicParent: false,
  deleteStatus: 0,
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const roll = (purchaseId: number, maxResolution: number, over: Partial<Roll> = {}): Roll => ({
  purchaseId,
  type: 'Coupon',
  maxResolution,
  credits: 5,
  creditsLeft: 4,
  creditStatus: 'Available',
  expiresAt: null,
  initDate: '2026-01-01T00:00:00.000Z',
  ...over,
});

const calls: Array<{ method: string; url: string; body: unknown }> = [];
let routes: Record<string, (method: string) => Response>;

function openPanel(props: { originalLongSide?: number; hasInBetweens?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/editor/7',
        element: (
          <ExportPanel
            wiggleId={7}
            originalLongSide={props.originalLongSide ?? 3000}
            hasInBetweens={props.hasInBetweens ?? true}
          />
        ),
      },
      { path: '/gallery', element: <p>Gallery page</p> },
    ],
    { initialEntries: ['/editor/7'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  calls.length = 0;
  resetSettings();
  closeShopDialog();
  routes = {
    '/api/gallery/albums': () =>
      Response.json({ albums: [album(1, 'Trips'), album(2, 'Alps', 1), album(3, 'Family')] }),
    '/api/account/credits': () =>
      Response.json({ rolls: [roll(10, 4096), roll(11, 1280), roll(12, 800, { creditsLeft: 0 })] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[url];
      return route
        ? route(method)
        : Response.json({ error: { code: 'not_found', message: 'No.' } }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sizeCaption = async (size: number) => (await screen.findByTestId(`size-${size}-roll`)).textContent;

describe('the export tab', () => {
  it('limits the sizes by the originals and shows the roll that pays for each', async () => {
    openPanel({ originalLongSide: 3000 });
    expect(await sizeCaption(4096)).toBe('Above the originals (3000 px)');
    await waitFor(async () =>
      expect(await sizeCaption(2560)).toBe('Paid by Coupon roll #10 · up to 4096 px · 4 of 5 frames left'),
    );
    expect(await sizeCaption(1280)).toBe('Paid by Coupon roll #11 · up to 1280 px · 4 of 5 frames left');
    // The drained 800 px roll cannot pay: the smallest sufficient roll with frames does.
    expect(await sizeCaption(800)).toContain('roll #11');
    expect(screen.getByRole('radio', { name: /^4096 px/ })).toHaveProperty('disabled', true);
    // Nothing remembered: the largest size a roll pays for is chosen.
    expect(screen.getByRole('radio', { name: /^2560 px/ })).toHaveProperty('checked', true);
  });

  it('says when no roll covers a size', async () => {
    routes['/api/account/credits'] = () => Response.json({ rolls: [roll(11, 1280)] });
    openPanel();
    await waitFor(async () => expect(await sizeCaption(1920)).toBe('No roll of this size'));
    expect(screen.getByRole('radio', { name: /^1280 px/ })).toHaveProperty('checked', true);
  });

  it("answers a 402 with SPEC's message and a button that opens the shop's buy dialog", async () => {
    routes['/api/library/wiggles/7/export'] = () =>
      Response.json({ error: { code: 'no_roll', message: Messages.noRollFound } }, { status: 402 });
    openPanel();
    await screen.findByTestId('size-2560-roll');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(Messages.noRollFound);
    expect(useShopDialogStore.getState().open).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Buy frames' }));
    expect(useShopDialogStore.getState().open).toBe('buy');
  });

  it('remembers the choices in the user settings and exports with the remembered ones', async () => {
    openPanel();
    await screen.findByTestId('size-2560-roll');
    await userEvent.click(screen.getByRole('combobox', { name: 'Target album' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Gallery (no album)', 'Family', 'Trips', 'Trips / Alps']);
    await userEvent.click(screen.getByRole('option', { name: 'Trips / Alps' }));
    await userEvent.click(screen.getByRole('radio', { name: /^1920 px/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Portrait' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enhanced' }));
    const padding = screen.getByLabelText('Padding (px)');
    await userEvent.clear(padding);
    await userEvent.type(padding, '24');
    expect([
      getSetting('exportTarget'),
      getSetting('exportSize'),
      getSetting('exportOrientation'),
      getSetting('exportPadding'),
      getSetting('exportMode'),
    ]).toEqual([2, 1920, 'portrait', 24, 'enhanced']);

    // Another visit: the settings come back from the server's stored JSON and the export sends them.
    cleanup();
    restoreSettings(
      JSON.stringify({
        exportTarget: 3,
        exportSize: 1280,
        exportOrientation: 'portrait',
        exportPadding: 8,
        exportMode: 'enhanced',
      }),
    );
    routes['/api/library/wiggles/7/export'] = () =>
      Response.json({ exportId: 5, galleryWiggleId: null }, { status: 202 });
    routes['/api/exports/5'] = () =>
      Response.json({
        exportId: 5,
        wiggleId: 7,
        albumId: 3,
        size: 1280,
        mode: 'enhanced',
        status: 'Success',
        galleryWiggleId: 40,
        error: null,
      });
    const router = openPanel();
    await screen.findByTestId('size-2560-roll');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Target album' }).textContent).toBe('Family'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const link = await screen.findByRole('link', { name: 'Open in gallery' });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/library/wiggles/7/export',
      body: { albumId: 3, size: 1280, mode: 'enhanced', orientation: 'portrait', padding: 8 },
    });
    expect(link.getAttribute('href')).toBe('/gallery/?album=3&wiggle=40');
    await userEvent.click(link);
    expect(router.state.location.search).toBe('?album=3&wiggle=40');
  });

  it('exports Original only when the wiggle has no in-betweens, whatever was remembered', async () => {
    restoreSettings(JSON.stringify({ exportMode: 'enhanced' }));
    routes['/api/library/wiggles/7/export'] = () =>
      Response.json({ exportId: 6, galleryWiggleId: null }, { status: 202 });
    routes['/api/exports/6'] = () =>
      Response.json({
        exportId: 6,
        wiggleId: 7,
        albumId: null,
        size: 2560,
        mode: 'original',
        status: 'Error',
        galleryWiggleId: null,
        error: 'The export failed: the engine broke',
      });
    openPanel({ hasInBetweens: false });
    await screen.findByTestId('size-2560-roll');
    expect(screen.getByRole('button', { name: 'Enhanced' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toContain(Messages.exportFailed);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ mode: 'original', albumId: null });
  });

  it("shows SPEC's album loading failure with a retry", async () => {
    let fail = true;
    routes['/api/gallery/albums'] = () =>
      fail
        ? Response.json({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 })
        : Response.json({ albums: [album(1, 'Trips')] });
    openPanel();
    const alert = await screen.findByText(Messages.albumsLoadFailed);
    fail = false;
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByRole('combobox', { name: 'Target album' })).toBeTruthy();
  });
});
