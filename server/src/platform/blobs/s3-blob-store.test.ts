import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract, failingStream } from '../../test/blobs/blob-store-contract';
import { startS3TestServer } from '../../test/blobs/s3-test-server';
import { createBlobStore } from './create-blob-store';
import { S3BlobStore } from './s3-blob-store';

let server: Awaited<ReturnType<typeof startS3TestServer>>;
let client: S3Client;
beforeAll(async () => {
  server = await startS3TestServer();
  const { endpoint, region, accessKeyId, secretAccessKey } = server.settings;
  client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
});
afterAll(async () => {
  client.destroy();
  await server.close();
});

// A small batch makes deletePrefix page through several truncated listings, as 1000 would with a large purge.
describeBlobStoreContract(
  'S3 (s3rver)',
  async () => new S3BlobStore({ ...server.settings, deleteBatchSize: 4 }),
);

describe('S3BlobStore on a real S3 API', () => {
  it('is chosen when S3 settings are given, and stores the content type', async () => {
    const store = createBlobStore({ dataDir: '/nonexistent', s3: server.settings });
    expect(store).toBeInstanceOf(S3BlobStore);
    await store.put('typed/1.webp', Buffer.from('RIFF'), { contentType: 'image/webp' });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: server.settings.bucket, Key: 'typed/1.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    await store.close();
  });

  it('reports the broken source, not the failed clean-up, when a multipart upload dies', async () => {
    const store = new S3BlobStore(server.settings);
    await expect(store.put('aborted/o.jpg', failingStream(12))).rejects.toThrow('source broke');
    await expect(store.stat('aborted/o.jpg')).resolves.toBeNull();
    await store.close();
  });
});
