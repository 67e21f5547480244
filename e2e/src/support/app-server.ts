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

interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (its JSON log lines). */
  output(): string;
  kill(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}

/** `node server/dist/main.mjs [args]` (the compiled server) as `npm run serve` / `npm run worker` start it, logging to a file. */
async function spawnServerProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): Promise<ServerProcess> {
  const logDir = path.join(ARTIFACTS_DIR, 'logs');
  await mkdir(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, logFile));
  const child = spawn(process.execPath, ['server/dist/main.mjs', ...args], {
    cwd: REPOSITORY_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log.write(chunk);
    });
  }
  // A test run that dies must not leave servers behind holding ports and temp directories.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => {
    process.removeListener('exit', killOnExit);
    log.end();
  });
  return {
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

function serverEnv(dataDir: string, smtpUrl: string, port: number, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    // The embedded default unless a test asks for the scale settings.
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extra,
  };
}

/**
 * Starts the real compiled server as a child process (`node server/dist/main.mjs`), exactly as `npm run serve`
 * does, on a free port with its own DATA_DIR and mails going over SMTP to the test's server.
 */
export async function startAppServer(options: StartOptions): Promise<AppServer> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServerProcess(
    [],
    serverEnv(dataDir, options.smtpUrl, port, options.env),
    `${options.logName ?? 'server'}-${port}.log`,
  );
  try {
    await waitForHealth(url, server.child, 60_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return { url, dataDir, child: server.child, kill: server.kill, stop: server.stop };
}

export interface WorkerProcess {
  child: ChildProcess;
  kill(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}

/** `npm run worker`: a separate job process for the scale settings (REDIS_URL set), sharing the app's DATA_DIR. */
export async function startWorker(app: AppServer, options: StartOptions): Promise<WorkerProcess> {
  const port = Number(new URL(app.url).port);
  const worker = await spawnServerProcess(
    ['--worker'],
    serverEnv(app.dataDir, options.smtpUrl, port, options.env),
    `${options.logName ?? 'worker'}-${Date.now()}.log`,
  );
  const deadline = Date.now() + 60_000;
  while (!worker.output().includes('"msg":"worker started"')) {
    if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
    if (Date.now() > deadline) {
      await worker.kill();
      throw new Error('worker did not start within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child: worker.child, kill: worker.kill, stop: worker.stop };
}

export const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true });
