import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@wiggle/common/messages';
import type { Album } from '@wiggle/common/schemas/gallery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { clearSnackbars, useSnackbarStore } from '../../../lib/stores/notification';
import { AlbumBar } from './album-bar';

const album: Album = {
  id: 12,
  parentId: null,
  name: 'Trips & "more"',
  public: true,
  preventPublicListing: false,
  hasPublicParent: false,
  deleteStatus: 0,
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset();
  clearSnackbars();
});
afterEach(cleanup);

const lastSnackbar = () => {
  const item = useSnackbarStore.getState().queue.at(-1);
  return item ? [item.message, item.severity] : null;
};

function renderBar() {
  const handlers = { onShare: vi.fn(), onRename: vi.fn(), onMove: vi.fn(), onDelete: vi.fn() };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={theme}>
        <AlbumBar album={album} {...handlers} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  // After setup: user-event puts its own clipboard stub in place.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return { handlers, user };
}

describe("the album's bar", () => {
  it("copies the album's iframe embed code and says so with SPEC's messages", async () => {
    const { user } = renderBar();
    writeText.mockResolvedValueOnce();
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith(
      `<iframe src="${window.location.origin}/iframe/g-12.html" title="Trips &#38; &#34;more&#34;" style="width:100%;aspect-ratio:4/3;border:0" loading="lazy" allowfullscreen></iframe>`,
    );
    await vi.waitFor(() => expect(lastSnackbar()).toEqual([Messages.copiedToClipboard, 'success']));
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    await vi.waitFor(() => expect(lastSnackbar()).toEqual([Messages.clipboardFailed, 'error']));
  });

  it('moves and trashes the album through its own buttons, apart from the wiggle selection', async () => {
    const { handlers, user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Move album to…' }));
    await user.click(screen.getByRole('button', { name: 'Move album to trash' }));
    expect(handlers.onMove).toHaveBeenCalledTimes(1);
    expect(handlers.onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open public page' }).getAttribute('href')).toBe(
      `${window.location.origin}/album/12`,
    );
  });
});
