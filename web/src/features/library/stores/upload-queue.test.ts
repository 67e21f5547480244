import type { UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const uploadOriginal = vi.fn();
vi.mock('../api/upload-originals', () => ({
  uploadOriginal: (...args: unknown[]) => uploadOriginal(...args),
}));

const { enqueueUploads, setUploadDoneListener, useUploadQueue } = await import('./upload-queue');

const options = { folderId: 7, resolutionLimit: 5120 as const, reencode: true };
const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });
const ok = (name: string, count = 1): UploadOriginalsResponse => ({
  originals: Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    folderId: 7,
    name,
    width: 10,
    height: 10,
    size: 10,
    format: 'jpeg',
    sourceType: 1,
    deleteStatus: 0,
    deletedAt: null,
    uploadedAt: '2026-01-01T00:00:00.000Z',
  })),
  errors: [],
});

const settled = () =>
  vi.waitFor(() => {
    const items = useUploadQueue.getState().items;
    expect(items.every((i) => i.status === 'done' || i.status === 'error')).toBe(true);
  });

beforeEach(() => {
  uploadOriginal.mockReset();
  useUploadQueue.setState({ items: [] });
});

describe('upload queue', () => {
  it('uploads each file on its own and a bad file fails alone with the server message', async () => {
    uploadOriginal.mockImplementation(async (f: File, _o: unknown, onProgress: (x: number) => void) => {
      onProgress(0.5);
      if (f.name === 'broken.jpg')
        return { originals: [], errors: [{ name: f.name, message: 'The file could not be processed: bad' }] };
      if (f.name === 'net.jpg') throw -1;
      onProgress(1);
      return ok(f.name, f.name.endsWith('.mpo') ? 2 : 1);
    });
    const done = vi.fn();
    setUploadDoneListener(done);
    enqueueUploads([file('a.jpg'), file('broken.jpg'), file('net.jpg'), file('pair.mpo')], options);
    await settled();
    const items = useUploadQueue.getState().items;
    expect(items.map((i) => [i.name, i.status])).toEqual([
      ['a.jpg', 'done'],
      ['broken.jpg', 'error'],
      ['net.jpg', 'error'],
      ['pair.mpo', 'done'],
    ]);
    expect(items[1]!.message).toBe('The file could not be processed: bad');
    expect(items[2]!.message).toMatch(/network/);
    expect(items[3]!.created).toBe(2);
    expect(items[0]!.progress).toBe(1);
    expect(done).toHaveBeenCalledTimes(4);
    // Every call carries the chosen folder and options.
    expect(uploadOriginal.mock.calls.every((c) => c[1] === options)).toBe(true);
    setUploadDoneListener(null);
  });

  it('never runs more than two uploads at once', async () => {
    let active = 0;
    let peak = 0;
    uploadOriginal.mockImplementation(async (f: File) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return ok(f.name);
    });
    enqueueUploads(
      ['1', '2', '3', '4', '5'].map((n) => file(`${n}.jpg`)),
      options,
    );
    await settled();
    expect(peak).toBe(2);
    useUploadQueue.getState().clearFinished();
    expect(useUploadQueue.getState().items).toEqual([]);
  });
});
