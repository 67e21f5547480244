import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { S3BlobStoreOptions } from '../../platform/blobs/s3-blob-store';

/**
 * s3rver encrypts its ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 only has in its legacy
 * provider; without it every truncated listing fails with a 500. The child swaps in triple DES (same 8-byte block,
 * in every OpenSSL 3 build), so paging works on any Node version without weakening the test process.
 */
const serverScript = `
const crypto = require('node:crypto');
for (const name of ['createCipheriv', 'createDecipheriv']) {
  const original = crypto[name];
  crypto[name] = (algorithm, key, iv, options) => algorithm === 'des'
    ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv, options)
    : original(algorithm, key, iv, options);
}
const S3rver = require(process.env.S3RVER_PATH);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
server.run().then((info) => console.log(JSON.stringify({ port: info.port })), (error) => {
  console.error(error); process.exit(1);
});
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

/**
 * A real S3 API (s3rver) on a free port, its bucket in a temp directory, for tests of anything that stores
 * blobs: pass `settings` as the `s3` blob settings. s3rver accepts the fixed S3RVER credentials.
 */
export async function startS3TestServer(bucket = 'wiggle-test'): Promise<{
  settings: Required<Omit<S3BlobStoreOptions, 'deleteBatchSize'>>;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(join(tmpdir(), 'wiggle-s3rver-'));
  const child = spawn(process.execPath, ['-e', serverScript], {
    env: {
      PATH: process.env.PATH,
      S3RVER_PATH: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_DIR: directory,
      S3RVER_BUCKET: bucket,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The `S3_*` settings that point a server (its config) at a test server's bucket. */
export function s3Environment(
  settings: Pick<S3BlobStoreOptions, 'endpoint' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>,
) {
  return {
    S3_ENDPOINT: settings.endpoint,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
  };
}
