import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The compiled server, as `npm start` runs it (the test run builds it first: vitest.global-setup.ts).
const entry = fileURLToPath(new URL('../dist/main.mjs', import.meta.url));

// The real process: config from the environment, migrations, listen, and a clean exit on SIGTERM.
describe('server process (compiled main)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wiggle-main-'));
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('starts on the embedded defaults, answers health, and shuts down gracefully on SIGTERM', async () => {
    const child = spawn(process.execPath, [entry], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const started = Date.now();
      let url: string | undefined;
      while (!url && Date.now() - started < 45_000) {
        url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (!url) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(url, output).toBeDefined();
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      await fs.access(path.join(dataDir, 'wiggle.db'));

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
