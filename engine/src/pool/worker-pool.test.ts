import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineInputError } from '../image';
import { gradientRaw, jpegOf } from '../testing/make-images';
import { PoolBusyError, PoolClosedError, WorkerPool } from './worker-pool';

describe('WorkerPool', () => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('runs a task on another thread', async () => {
    pool = new WorkerPool({ size: 1 });
    const result = await pool.runInPool('ping', []);
    expect(result.threadId).not.toBe(threadId);
    expect(pool.threads).toBe(1);
  });

  it('runs tasks side by side on up to `size` workers', async () => {
    pool = new WorkerPool({ size: 2 });
    const results = await Promise.all([pool.runInPool('ping', [300]), pool.runInPool('ping', [300])]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(pool.threads).toBe(2);
  });

  it('ingests an image in a worker, moving the bytes in and the variants out', async () => {
    pool = new WorkerPool({ size: 1 });
    const bytes = new Uint8Array(await jpegOf(gradientRaw(800, 600)));
    const result = await pool.runInPool('ingest', [bytes, { resolutionLimit: 400 }], [bytes.buffer]);
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect([result.o.width, result.o.height]).toEqual([400, 300]);
    expect((await sharp(result.t.data).metadata()).width).toBe(180);
  });

  it('rejects with the task error, keeping an EngineInputError and its code', async () => {
    pool = new WorkerPool({ size: 1 });
    const error = await pool
      .runInPool('ingest', [new TextEncoder().encode('not a picture, just text')])
      .catch((e) => e);
    expect(error).toBeInstanceOf(EngineInputError);
    expect(error.code).toBe('not_an_image');
    expect(error.message).toMatch(/not an image/);
    // The worker survives a failing task.
    expect((await pool.runInPool('ping', [])).threadId).not.toBe(threadId);
  });

  it('refuses a task name that is not in the task table', async () => {
    pool = new WorkerPool({ size: 1 });
    await expect(pool.runInPool('constructor' as 'ping', [])).rejects.toThrow(/unknown engine task/);
  });

  it('bounds its queue: beyond maxQueue waiting tasks it refuses at once', async () => {
    pool = new WorkerPool({ size: 1, maxQueue: 1 });
    const running = pool.runInPool('ping', [200]);
    const waiting = pool.runInPool('ping', []);
    await expect(pool.runInPool('ping', [])).rejects.toBeInstanceOf(PoolBusyError);
    await Promise.all([running, waiting]);
    expect(pool.queued).toBe(0);
  });

  it('close() rejects waiting tasks and terminates every worker', async () => {
    pool = new WorkerPool({ size: 1 });
    await pool.runInPool('ping', []);
    const running = pool.runInPool('ping', [5000]);
    const waiting = pool.runInPool('ping', []);
    const outcomes = Promise.allSettled([running, waiting]);
    await pool.close();
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(PoolClosedError);
    }
    expect(pool.threads).toBe(0);
    await expect(pool.runInPool('ping', [])).rejects.toBeInstanceOf(PoolClosedError);
  });
});
