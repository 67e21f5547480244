import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract, failingStream } from '../../test/blobs/blob-store-contract';
import { createBlobStore, s3SettingsFrom } from './create-blob-store';
import { LocalBlobStore } from './local-blob-store';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wiggle-blobs-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describeBlobStoreContract('local disk', async () => createBlobStore({ dataDir }));

describe('LocalBlobStore on disk', () => {
  it('keeps files under DATA_DIR/blobs at the key path', async () => {
    const store = createBlobStore({ dataDir });
    expect(store).toBeInstanceOf(LocalBlobStore);
    await store.put('layout/7/t.jpg', Buffer.from('thumb'));
    expect(await readdir(join(dataDir, 'blobs', 'layout', '7'))).toEqual(['t.jpg']);
  });

  it('removes its temp file when the body fails', async () => {
    const store = new LocalBlobStore(join(dataDir, 'failing'));
    await store.put('a/keep.jpg', Buffer.from('keep'));
    await expect(store.put('a/broken.jpg', failingStream(2))).rejects.toThrow('source broke');
    expect(await readdir(join(dataDir, 'failing', 'a'))).toEqual(['keep.jpg']);
  });

  it('removes a whole directory tree for a folder prefix', async () => {
    const store = new LocalBlobStore(join(dataDir, 'tree'));
    await store.put('wiggles/9/left-f.webp', Buffer.from('l'));
    await store.put('wiggles/9/frames/25.webp', Buffer.from('f'));
    await store.deletePrefix('wiggles/9/');
    expect(await readdir(join(dataDir, 'tree', 'wiggles'))).toEqual([]);
  });
});

describe('S3 settings from the environment', () => {
  it('is none without S3_*, all four with a default region, and refuses a partial set', () => {
    expect(s3SettingsFrom({})).toBeUndefined();
    expect(
      s3SettingsFrom({
        S3_ENDPOINT: 'http://s3',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toEqual({
      endpoint: 'http://s3',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      region: 'us-east-1',
    });
    expect(() => s3SettingsFrom({ S3_ENDPOINT: 'http://s3', S3_BUCKET: 'b' })).toThrow(
      'Incomplete S3 configuration: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY not set.',
    );
  });
});
