import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPEATING_JOBS } from '../../app';
import { obliterateRedisPrefix, testRedisUrl } from '../../test/jobs/test-redis';

const serverDir = fileURLToPath(new URL('../../../../server', import.meta.url));
const prefix = `wiggle-test-${randomBytes(4).toString('hex')}`;

/**
 * Runs the compiled server (`dist/main.mjs`, built by the test run's global setup) with `args` (`npm run worker`'s
 * `--worker` by default) and, once `readyLine` shows, sends SIGTERM.
 */
function runWorker(env: Record<string, string>, readyLine?: string, args: string[] = ['--worker']) {
  const child = spawn(process.execPath, ['dist/main.mjs', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let signalled = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (readyLine && !signalled && output.includes(readyLine)) {
      signalled = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

async function schedulerKeys(name: string, queuePrefix: string): Promise<string[]> {
  const queue = new Queue(name, { connection: { url: testRedisUrl }, prefix: queuePrefix });
  try {
    return (await queue.getJobSchedulers()).map((scheduler) => scheduler.key);
  } finally {
    await queue.close();
  }
}

describe('npm run worker', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wiggle-worker-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await obliterateRedisPrefix(prefix);
  });

  it('explains that there is nothing to do without REDIS_URL and exits 0', async () => {
    const { code, output } = await runWorker({ DATA_DIR: dataDir });
    expect(code).toBe(0);
    expect(output).toContain('REDIS_URL is not set: jobs run inside the web process');
  });

  it('runs the job handlers on BullMQ without an HTTP listener and stops cleanly on SIGTERM', async () => {
    const { code, output } = await runWorker(
      {
        DATA_DIR: dataDir,
        REDIS_URL: testRedisUrl,
        JOB_QUEUE_PREFIX: prefix,
        PORT: '1',
      },
      '"msg":"worker started"',
    );
    expect(output).toContain('"mode":"worker","queue":"bullmq","msg":"job handlers started"');
    expect(output).toContain('"signal":"SIGTERM","msg":"shutting down"');
    expect(output).not.toContain('Server listening');
    expect(code).toBe(0);
    // The worker scheduled the repeating jobs once in Redis, where one worker runs each occurrence.
    for (const name of Object.values(REPEATING_JOBS)) {
      expect(await schedulerKeys(name, prefix)).toEqual([name]);
    }
  });

  it('leaves jobs and their schedules to the workers when a web process runs on Redis', async () => {
    const webPrefix = `${prefix}-web`;
    try {
      // main.ts starts job handlers before it listens, so the web process has decided by then; its exit code
      // is not this test's matter (the SIGTERM may come before the shutdown handlers are installed).
      const { output } = await runWorker(
        {
          DATA_DIR: dataDir,
          REDIS_URL: testRedisUrl,
          JOB_QUEUE_PREFIX: webPrefix,
          PORT: '0',
          HOST: '127.0.0.1',
        },
        'Server listening',
        [],
      );
      expect(output).not.toContain('job handlers started');
      for (const name of Object.values(REPEATING_JOBS))
        expect(await schedulerKeys(name, webPrefix)).toEqual([]);
    } finally {
      await obliterateRedisPrefix(webPrefix);
    }
  });
});
