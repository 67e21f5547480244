import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { CreateWigglesResponse } from '@wiggle/common/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Environment, startS3TestServer } from '../../test/blobs/s3-test-server';
import { bearer, registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import { obliterateRedisPrefix, testRedisUrl } from '../../test/jobs/test-redis';
import {
  api,
  createLibraryTestApp,
  uploadStereoPair,
  waitForWiggleCreation,
} from '../../test/library/library-test-kit';
import { S3BlobStore } from '../blobs/s3-blob-store';

const serverDir = fileURLToPath(new URL('../../../../server', import.meta.url));

/**
 * DESIGN.md §4's scale settings end to end: the web app only enqueues on BullMQ, a separate `main.ts --worker`
 * process runs the wiggle job, and every media byte lives in an S3 bucket (s3rver), on PostgreSQL when available.
 */
describe('scale settings: web process, worker process, Redis and S3', () => {
  const dialect = testDialects().includes('postgres') ? 'postgres' : 'sqlite';
  const prefix = `wiggle-test-${randomBytes(4).toString('hex')}`;
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let t: TestApp;
  let owner: TestMember;
  let worker: ChildProcess | undefined;
  let workerOutput = '';

  beforeAll(async () => {
    s3 = await startS3TestServer();
    const env = {
      REDIS_URL: testRedisUrl,
      JOB_QUEUE_PREFIX: prefix,
      ...s3Environment(s3.settings),
    };
    t = await createLibraryTestApp(dialect, env);
    owner = await registerMember(t.app);
    const { config } = t.platform;
    worker = spawn(process.execPath, ['dist/main.mjs', '--worker'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'info',
        DATA_DIR: config.DATA_DIR,
        ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk: Buffer) => {
      workerOutput += chunk.toString();
    });
    worker.stderr?.on('data', (chunk: Buffer) => {
      workerOutput += chunk.toString();
    });
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    await s3?.close();
    await obliterateRedisPrefix(prefix);
  });

  it('creates a wiggle in the worker process and serves its frames from the bucket', async () => {
    const uploaded = await uploadStereoPair(t.app, owner.token);
    expect(uploaded).toHaveLength(2);
    // The originals went to the bucket, not to DATA_DIR.
    const bucket = new S3BlobStore(s3.settings);
    const originalRow = await t.platform.db
      .selectFrom('originals')
      .select('blob_o')
      .where('id', '=', uploaded[0]!.id)
      .executeTakeFirstOrThrow();
    expect((await bucket.stat(originalRow.blob_o))?.size).toBeGreaterThan(0);

    const made = await api<CreateWigglesResponse>(t.app, owner.token, 'POST', '/api/library/wiggles', {
      originalIds: uploaded.map((o) => o.id),
      stacking: 'auto-align',
      target: 'current',
    });
    const id = made.body.wiggles[0]!.id;
    const status = await waitForWiggleCreation(t.app, owner.token, id, { timeoutMs: 120_000, pollMs: 250 });
    expect(status, workerOutput).toMatchObject({ createStatus: 'Success', iStatus: 'Success' });
    expect(workerOutput).toContain('"mode":"worker","queue":"bullmq","msg":"job handlers started"');

    const frame = await t.app.inject({
      method: 'GET',
      url: `/api/library/wiggle/${id}-left-f.webp`,
      headers: bearer(owner.token),
    });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/webp');
    const wiggleRow = await t.platform.db
      .selectFrom('wiggles')
      .select('blob_prefix')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await bucket.stat(`${wiggleRow.blob_prefix}/left-f.webp`))?.size).toBe(frame.rawPayload.length);
    await bucket.close();
  }, 180_000);
});
