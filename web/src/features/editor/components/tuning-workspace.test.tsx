import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { resetSettings } from '../../../lib/stores/settings';
import type { EditorViews } from '../logic/use-editor-views';
import { TuningWorkspace } from './tuning-workspace';

// jsdom draws nothing: the preview's renderer is a stand-in (the stage skips drawing without a 2D context).
vi.mock('../logic/preview-renderer', () => ({
  createPreviewRenderer: () => ({ kind: '2d', draw: () => undefined, dispose: () => undefined }),
}));

const grey = { width: 64, height: 48, data: new Uint8Array(64 * 48) };
const views = {
  left: { width: 640, height: 480 },
  right: { width: 640, height: 480 },
  grey: { left: grey, right: grey, scale: 0.1 },
} as unknown as EditorViews;
const saved: WiggleTuneResponse = {
  tune: {
    verticalOffset: 0,
    rotationDeg: 0,
    resize: { mode: 'keep' },
    blur: 0,
    sharpen: 0,
  } as WiggleTuneResponse['tune'],
  canvas: { width: 640, height: 480 },
  suggestedPivot: null,
  tuned: false,
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
};

const puts: unknown[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  puts.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  resetSettings();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') puts.push(JSON.parse(String(init.body)));
      if (url.endsWith('/tune')) return Response.json(saved);
      return Response.json({ albums: [], rolls: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saving the tune', () => {
  it('saves a change once, however often the page renders the workspace again', async () => {
    const client = new QueryClient();
    // Each render of the editor page hands a new callback, as its inline arrow does.
    const workspace = () => (
      <QueryClientProvider client={client}>
        <ThemeProvider theme={theme}>
          <MemoryRouter>
            <TuningWorkspace
              wiggleId={7}
              saved={saved}
              views={views}
              hasInBetweens
              onSaved={() => undefined}
            />
          </MemoryRouter>
        </ThemeProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(workspace());
    fireEvent.keyDown(screen.getByTestId('editor-stage'), { key: 'ArrowRight' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(puts).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      rerender(workspace());
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(puts).toHaveLength(1);
  });
});
