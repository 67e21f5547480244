/**
 * BlobStore throughput: 20 incompressible 6 MB bodies (the size of a 12 MP JPEG) streamed in 64 KiB chunks, as an
 * upload arrives, into the local disk store and the S3 store (against s3rver on loopback), side by side with a
 * plain fsync'd write of the same bytes. Prints figures; never pass/fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { BlobStore } from '@wiggle/server/platform/blobs/blob-store';
import { LocalBlobStore } from '@wiggle/server/platform/blobs/local-blob-store';
import { S3BlobStore } from '@wiggle/server/platform/blobs/s3-blob-store';
import { startS3TestServer } from '@wiggle/server/test/blobs/s3-test-server';

const FILES = 20;
const SIZE = 6 * 1024 * 1024;
const CHUNK = 64 * 1024;
const body = randomBytes(SIZE);
const chunks = () =>
  Readable.from(Array.from({ length: SIZE / CHUNK }, (_, i) => body.subarray(i * CHUNK, (i + 1) * CHUNK)));
const totalMb = (FILES * SIZE) / 1024 / 1024;

function report(label: string, ms: number, bytes = true): void {
  const rate = bytes ? `${(totalMb / (ms / 1000)).toFixed(0).padStart(5)} MB/s` : ''.padStart(10);
  console.log(
    `${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${rate}  ${(FILES / (ms / 1000)).toFixed(1).padStart(6)} files/s`,
  );
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function measureStore(label: string, store: BlobStore): Promise<void> {
  report(
    `${label} put (stream)`,
    await timed(async () => {
      for (let i = 0; i < FILES; i++)
        await store.put(`bench/${i}/o.jpg`, chunks(), { contentType: 'image/jpeg' });
    }),
  );
  report(
    `${label} get (stream)`,
    await timed(async () => {
      for (let i = 0; i < FILES; i++) for await (const _ of await store.get(`bench/${i}/o.jpg`));
    }),
  );
  report(`${label} deletePrefix`, await timed(() => store.deletePrefix('bench/')), false);
}

const directory = await mkdtemp(join(tmpdir(), 'wiggle-bench-blobs-'));
const s3 = await startS3TestServer('wiggle-bench');
try {
  console.log(`input: ${FILES} x ${SIZE / 1024 / 1024} MB random bytes in ${CHUNK / 1024} KiB chunks`);
  report(
    'baseline fs.writeFile (fsync)',
    await timed(async () => {
      for (let i = 0; i < FILES; i++) await writeFile(join(directory, `plain-${i}`), body, { flush: true });
    }),
  );
  await measureStore('local disk', new LocalBlobStore(join(directory, 'blobs')));
  const s3Store = new S3BlobStore(s3.settings);
  await measureStore('S3 (s3rver, loopback)', s3Store);
  await s3Store.close();
} finally {
  await s3.close();
  await rm(directory, { recursive: true, force: true });
}
