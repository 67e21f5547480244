import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, REPOSITORY_ROOT } from './paths';

export interface AppServer {
  /** Origin the browser opens, e.g. http://127.0.0.1:41234 (also the PUBLIC_URL of links in mails). */
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Graceful stop: SIGTERM, then SIGKILL when the server has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
  /** A crash: SIGKILL without any chance to clean up. */
  kill(): Promise<void>;
}

export interface StartOptions {
  smtpUrl: string;
  /** Reuse a data directory (restart); a fresh temp directory otherwise. */
  dataDir?: string;
  env?: Record<string, string>;
  /** Listen on this port (a restart keeps the origin, so the browser keeps its session); a free one otherwise. */
  port?: number;
  /** Name of the log file under e2e/.artifacts/logs. */
  logName?: string;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export const newDataDir = () => mkdtemp(path.join(os.tmpdir(), 'wiggle-e2e-'));

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} was not healthy within ${timeoutMs} ms`);
}

/**
 * Starts the real server as a child process (`node --import tsx server/src/main.ts`), exactly as `npm run serve`
 * does, on a free port with its own DATA_DIR and mails going over SMTP to the test's server.
 */
export async function startAppServer(options: StartOptions): Promise<AppServer> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const logDir = path.join(ARTIFACTS_DIR, 'logs');
  await mkdir(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${options.logName ?? 'server'}-${port}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: options.smtpUrl,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // A test run that dies must not leave servers behind holding ports and temp directories.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => {
    process.removeListener('exit', killOnExit);
    log.end();
  });

  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await kill();
    throw error;
  }
  return {
    url,
    dataDir,
    child,
    kill,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

export const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true });
