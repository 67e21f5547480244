import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store';
import { immutableBlobCache } from './immutable-blob-cache';
import { LocalBlobStore } from './local-blob-store';

/** A local store that counts the calls that reach it. */
function countingStore(root: string) {
  const store = new LocalBlobStore(root);
  const calls = { stat: 0, getBuffer: 0 };
  const counted: BlobStore = Object.create(store);
  counted.stat = (key) => {
    calls.stat++;
    return store.stat(key);
  };
  counted.getBuffer = (key) => {
    calls.getBuffer++;
    return store.getBuffer(key);
  };
  return { store: counted, calls };
}

describe('immutableBlobCache', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'wiggle-immutable-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('reads a small object once, then answers its bytes, size and time from memory', async () => {
    const { store, calls } = countingStore(root);
    const bytes = Buffer.from('frame bytes');
    await store.put('gallery/1/x/left-f.webp', bytes);
    const cached = immutableBlobCache({ maxObjectBytes: 100, maxTotalBytes: 1000 });
    const first = await cached(store, 'gallery/1/x/left-f.webp');
    const again = await cached(store, 'gallery/1/x/left-f.webp');
    expect(first?.bytes?.equals(bytes)).toBe(true);
    expect(again).toBe(first);
    expect(again?.size).toBe(bytes.length);
    expect(calls).toEqual({ stat: 1, getBuffer: 1 });
  });

  it('answers null for a missing key and keeps asking, and only the size and time of a large object', async () => {
    const { store, calls } = countingStore(root);
    const cached = immutableBlobCache({ maxObjectBytes: 10, maxTotalBytes: 1000 });
    expect(await cached(store, 'gallery/1/x/none.webp')).toBeNull();
    await store.put('gallery/1/x/none.webp', Buffer.from('now there'));
    expect((await cached(store, 'gallery/1/x/none.webp'))?.bytes?.toString()).toBe('now there');
    await store.put('gallery/1/x/big.webp', Buffer.alloc(11));
    const big = await cached(store, 'gallery/1/x/big.webp');
    expect(big?.size).toBe(11);
    expect(big?.bytes).toBeUndefined();
    await cached(store, 'gallery/1/x/big.webp');
    expect(calls.stat).toBe(4);
    expect(calls.getBuffer).toBe(1);
  });

  it('keeps at most its total, dropping the least recently used first, and one store never sees another', async () => {
    const { store, calls } = countingStore(root);
    const cached = immutableBlobCache({ maxObjectBytes: 10, maxTotalBytes: 20 });
    for (const name of ['a', 'b', 'c']) await store.put(`gallery/1/x/${name}.webp`, Buffer.alloc(10, name));
    await cached(store, 'gallery/1/x/a.webp');
    await cached(store, 'gallery/1/x/b.webp');
    await cached(store, 'gallery/1/x/a.webp'); // a is now the most recent
    await cached(store, 'gallery/1/x/c.webp'); // 30 bytes: b goes
    expect(calls.getBuffer).toBe(3);
    await cached(store, 'gallery/1/x/a.webp');
    await cached(store, 'gallery/1/x/c.webp');
    expect(calls.getBuffer).toBe(3);
    await cached(store, 'gallery/1/x/b.webp');
    expect(calls.getBuffer).toBe(4);

    const other = await mkdtemp(join(tmpdir(), 'wiggle-immutable-'));
    try {
      const second = countingStore(other);
      await second.store.put('gallery/1/x/a.webp', Buffer.alloc(10, 'z'));
      expect((await cached(second.store, 'gallery/1/x/a.webp'))?.bytes?.toString()).toBe('z'.repeat(10));
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
