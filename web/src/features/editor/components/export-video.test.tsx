import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@wiggle/common/messages';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { WiggleVideoMaker } from '../../../components/wiggle-video-maker';
import { ExportVideo } from './export-video';

const galleryWiggle: GalleryWiggle = {
  id: 31,
  albumId: 4,
  name: 'Harbour',
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
  width: 641,
  height: 480,
  hasInBetweens: true,
  hasVideo: false,
  deleteStatus: 0,
  deletedAt: null,
};

const urls: string[] = [];

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>{node}</ThemeProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return url.endsWith('/api/gallery/wiggles/31')
        ? Response.json(galleryWiggle)
        : new Response('not expected', { status: 500 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the video of an export in a browser without VideoEncoder (jsdom has none)', () => {
  it("shows SPEC's message after the export, and fetches no frames", async () => {
    expect(typeof (globalThis as { VideoEncoder?: unknown }).VideoEncoder).toBe('undefined');
    renderWith(<ExportVideo galleryWiggleId={31} mode="enhanced" />);
    expect(await screen.findByText(Messages.video.unsupportedBrowser)).toBeTruthy();
    expect(urls).toEqual(['/api/gallery/wiggles/31']);
    expect(screen.queryByText(Messages.video.generationFailed)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download video' })).toBeNull();
  });

  it('the gallery\'s "Make video" button shows the same message and nothing breaks', async () => {
    renderWith(
      <WiggleVideoMaker
        wiggle={galleryWiggle}
        playback={{ mode: 'original', speedIndex: 1, superSpeed: false }}
      />,
    );
    // Even sides: 641 px wide becomes 640.
    expect(screen.getByText(/640 × 480, Original/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make video' }));
    expect(await screen.findByText(Messages.video.unsupportedBrowser)).toBeTruthy();
    expect(urls).toEqual([]);
  });
});

describe('the video when encoding fails', () => {
  it("shows SPEC's video generation failure with a retry", async () => {
    // An encoder exists but the frames cannot be had: the failure message, not the unsupported one.
    vi.stubGlobal('VideoEncoder', class {});
    renderWith(
      <WiggleVideoMaker
        wiggle={galleryWiggle}
        playback={{ mode: 'enhanced', speedIndex: 1, superSpeed: false }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make video' }));
    expect(await screen.findByText(Messages.video.generationFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(urls.some((url) => url.includes('/api/gallery/wiggles/31/video-frames/left'))).toBe(true);
  });
});
