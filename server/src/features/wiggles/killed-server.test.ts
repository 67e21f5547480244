import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MoveType } from '@wiggle/common/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { createBlobStore, s3SettingsFrom } from '../../platform/blobs/create-blob-store';
import { checkStorage } from '../../platform/blobs/storage-check';
import { createDatabase } from '../../platform/db/database';
import { STORAGE_CLAIMS } from '../../scripts/storage-claims';
import { s3Environment, startS3TestServer } from '../../test/blobs/s3-test-server';
import { multipart, stereoPair } from '../../test/library/library-test-kit';
import { purgeExpired, trashItems } from '../library/trash-service';

const entry = fileURLToPath(new URL('../../main.ts', import.meta.url));

/** The real server process (embedded setup: SQLite, in-process jobs), started, killed with SIGKILL and restarted. */
class ServerProcess {
  private child: ChildProcess | undefined;
  url = '';
  constructor(private readonly env: Record<string, string>) {}

  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, ...this.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    this.url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (url) resolve(url);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
  }

  /** Whether the process has ended, by exiting or by a signal (then exitCode stays null). */
  private get ended() {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** No handler, no cleanup: a power cut or the OOM killer. */
  async kill() {
    const child = this.child;
    if (!child || this.ended) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop() {
    const child = this.child;
    if (!child || this.ended) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async call<T>(method: string, url: string, token: string | undefined, body?: object) {
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as T;
  }
}

const stores = ['local', 's3'] as const;

describe.each(stores)('the server killed mid-job and restarted (%s store)', (store) => {
  let dataDir: string;
  let env: Record<string, string>;
  let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
  let server: ServerProcess;
  let db: ReturnType<typeof createDatabase>;
  let blobs: BlobStore;
  let token: string;
  let ownerId: number;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wiggle-killed-'));
    env = { DATA_DIR: dataDir };
    if (store === 's3') {
      s3 = await startS3TestServer();
      env = {
        ...env,
        ...s3Environment(s3.settings),
      };
    }
    server = new ServerProcess(env);
    await server.start();
    const config = loadConfig(env);
    db = createDatabase(config);
    blobs = createBlobStore({ dataDir: config.DATA_DIR, s3: s3SettingsFrom(config) });
    const username = `killed-${store}@example.com`;
    ({ token } = await server.call<{ token: string }>('POST', '/api/account/register', undefined, {
      name: 'Killed',
      username,
      password: 'Secret-pass1',
      terms: true,
    }));
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', username)
      .executeTakeFirstOrThrow();
    ownerId = user.id;
    await db.updateTable('users').set({ is_verified_email: 1 }).where('id', '=', ownerId).execute();
  }, 90_000);

  afterAll(async () => {
    await server?.kill();
    await blobs?.close();
    await db?.destroy();
    await s3?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function createWiggle(): Promise<number> {
    const pair = await stereoPair(480, 360, 14);
    const body = multipart([
      { name: 'file', value: pair.left, filename: 'left.jpg' },
      { name: 'file', value: pair.right, filename: 'right.jpg' },
    ]);
    const uploaded = await fetch(`${server.url}/api/library/originals`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    const { originals } = (await uploaded.json()) as { originals: Array<{ id: number }> };
    const made = await server.call<{ wiggles: Array<{ id: number }> }>(
      'POST',
      '/api/library/wiggles',
      token,
      {
        originalIds: originals.map((o) => o.id),
        stacking: 'auto-align',
        target: 'current',
      },
    );
    return made.wiggles[0]!.id;
  }

  /** Until the job of `wiggleId` has been claimed by the server (it is running, at whatever step). */
  async function jobRunning(wiggleId: number) {
    for (;;) {
      const job = await db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', `wiggle-${wiggleId}`)
        .executeTakeFirst();
      if (job && job.status !== 'waiting') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function jobsSettled() {
    for (;;) {
      const busy = await db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['waiting', 'running'])
        .execute();
      if (busy.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const consistent = async () => {
    const report = await checkStorage(db, blobs, STORAGE_CLAIMS, { graceMs: 0 });
    return { orphans: report.orphans.map((o) => o.key), missing: report.missing };
  };

  it('finishes the wiggle after the restart; the storage check finds nothing wrong', async () => {
    const id = await createWiggle();
    await jobRunning(id);
    await server.kill();
    await server.start();
    await jobsSettled();
    await server.stop();
    const wiggle = await db
      .selectFrom('wiggles')
      .select(['create_status', 'i_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(wiggle.create_status).toBe('Success');
    expect(await consistent()).toEqual({ orphans: [], missing: [] });
  }, 120_000);

  it('writes nothing for a wiggle purged while the server was down', async () => {
    await server.start();
    const id = await createWiggle();
    await jobRunning(id);
    await server.kill();
    await trashItems(db, ownerId, MoveType.Wiggle, [id]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await purgeExpired({ db, blobs }, 0);
    await server.start();
    await jobsSettled();
    await server.stop();
    expect(await consistent()).toEqual({ orphans: [], missing: [] });
  }, 120_000);
});
