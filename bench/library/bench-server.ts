import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@wiggle/server/app';
import { loadConfig } from '@wiggle/server/config';
import { wigglesDepsOf } from '@wiggle/server/features/wiggles/deps';
import { registerWiggleJobs } from '@wiggle/server/features/wiggles/jobs';
import { createLogger } from '@wiggle/server/platform/logger';
import { closePlatform, createPlatform, type Platform } from '@wiggle/server/platform/platform';

/** A real listening server on the embedded default (SQLite, local disk, in-process jobs) in a temp DATA_DIR. */
export interface BenchServer {
  url: string;
  token: string;
  platform: Platform;
  dataDir: string;
  close(): Promise<void>;
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wiggle-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
    ...env,
  });
  const platform = await createPlatform(config, createLogger(config));
  registerWiggleJobs(wigglesDepsOf(platform));
  const app = await buildApp(platform);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const username = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', username, password: 'Bench-pass1!', terms: true }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  await platform.db
    .updateTable('users')
    .set({ is_verified_email: 1 })
    .where('email', '=', username)
    .execute();
  return {
    url,
    token,
    platform,
    dataDir,
    async close() {
      await app.close();
      await closePlatform(platform);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const mb = (bytes: number) => bytes / 1024 / 1024;
export const fmt = (n: number, digits = 1) => n.toFixed(digits);
