import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoveType } from '@wiggle/common/enums';
import type { Original } from '@wiggle/common/schemas/library';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { resetSettings } from '../../../lib/stores/settings';
import { BulkRenameDialog } from './bulk-rename-dialog';
import { CreateWiggleDialog } from './create-wiggle-dialog';

const calls: Array<{ url: string; body: unknown }> = [];

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>{node}</ThemeProvider>
    </QueryClientProvider>,
  );
}

const original = (id: number): Original => ({
  id,
  folderId: null,
  name: `IMG_${id}.jpg`,
  width: 100,
  height: 80,
  size: 1000,
  format: 'jpeg',
  sourceType: 1,
  deleteStatus: 0,
  deletedAt: null,
  uploadedAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  calls.length = 0;
  resetSettings();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/library/wiggles') return Response.json({ wiggles: [], folder: null });
      return Response.json({ items: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreateWiggleDialog', () => {
  it('sends the selection in order with the default options (adjacent, auto-align, subfolder)', async () => {
    const onCreated = vi.fn();
    wrap(
      <CreateWiggleDialog
        originals={[original(4), original(2)]}
        folderId={9}
        onCreated={onCreated}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(/1 wiggle/, { selector: 'strong' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create 1 wiggle' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls[0]).toEqual({
      url: '/api/library/wiggles',
      body: {
        originalIds: [4, 2],
        pairing: 'adjacent',
        stacking: 'auto-align',
        target: 'subfolder',
        subfolderTemplate: 'yyyy. MM. dd. HH:mm:ss',
        folderId: 9,
      },
    });
  });

  it('refuses more than 16 originals with a clear message', () => {
    const many = Array.from({ length: 17 }, (_, i) => original(i + 1));
    wrap(<CreateWiggleDialog originals={many} folderId={null} onCreated={() => {}} onClose={() => {}} />);
    expect(screen.getByText(/At most 16 originals can be selected \(17 are\)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Create/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('BulkRenameDialog', () => {
  it('previews the names the template gives and sends one call per kind', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(
      <BulkRenameDialog
        targets={[
          { type: MoveType.Wiggle, id: 5, subject: { current: 'w', original: 'left.jpg' } },
          { type: MoveType.Original, id: 8, subject: { current: 'IMG_8.jpg', original: 'IMG_8.jpg' } },
        ]}
        onClose={onClose}
      />,
    );
    const field = screen.getByLabelText('Name template');
    await user.clear(field);
    await user.type(field, 'Alps %original%');
    const table = within(screen.getByRole('table', { name: 'Rename preview' }));
    expect(table.getByText('Alps left')).toBeTruthy();
    expect(table.getByText('Alps IMG_8')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([
      { type: MoveType.Wiggle, ids: [5], template: 'Alps %original%', counter: 'none', digits: 2, start: 1 },
      {
        type: MoveType.Original,
        ids: [8],
        template: 'Alps %original%',
        counter: 'none',
        digits: 2,
        start: 2,
      },
    ]);
  });

  it('refuses a template with a direction override by the server’s own rule and words', async () => {
    const user = userEvent.setup();
    wrap(
      <BulkRenameDialog
        targets={[{ type: MoveType.Wiggle, id: 5, subject: { current: 'w', original: 'left.jpg' } }]}
        onClose={vi.fn()}
      />,
    );
    const field = screen.getByLabelText('Name template');
    await user.clear(field);
    await user.type(field, 'gpj.\u202eexe');
    expect(screen.getByText(/The template contains characters that are not allowed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
  });
});
