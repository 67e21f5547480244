/**
 * Media throughput: an authenticated preview GET (/api/library/original/view/{id}-p) through the real compiled
 * server (`node server/dist/main.mjs`, embedded default, its own DATA_DIR) against a bare Node http server
 * streaming the same file from disk (bare-server.mjs), measured in the same run with autocannon on 127.0.0.1.
 * Each server is its own process; the load generator is this one. Rounds alternate so drift in machine load
 * hits both alike. Prints requests/s and the ratio (goal >= 0.6x); never pass/fail.
 * Usage: npm run build:node && tsx bench/media/throughput.ts [seconds per round] [rounds] [p|t]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { texturedJpeg } from '../engine/fixtures/textured-jpeg';
import { REPOSITORY_ROOT, startCompiledServer } from '../support/compiled-server';

const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.argv[3] ?? 3);
/** p (preview, the default) or t (thumbnail: small enough that per-request work dominates). */
const SIZE = process.argv[4] === 't' ? 't' : 'p';
const CONNECTIONS = 16;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; clock ticks of 1/100 s). */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts a child and resolves once `ready(output)` finds what it needs in what the child printed. */
function startChild<T>(args: string[], env: NodeJS.ProcessEnv, ready: (output: string) => T | undefined) {
  const child = spawn(process.execPath, args, {
    cwd: REPOSITORY_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<{ child: ChildProcess; found: T }>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready(output);
      if (found !== undefined) resolve({ child, found });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => reject(new Error(`child exited (${code}): ${output}`)));
  });
}

async function main() {
  const closers: (() => Promise<void>)[] = [];
  try {
    const server = await startCompiledServer();
    closers.push(server.close);
    const { url, dataDir } = server;

    const username = 'bench@example.com';
    const registered = await fetch(`${url}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', username, password: 'Bench-pass1!', terms: true }),
    });
    if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };
    const db = new SqliteDatabase(path.join(dataDir, 'wiggle.db'));
    db.prepare('update users set is_verified_email = 1 where email = ?').run(username);

    const { bytes } = await texturedJpeg(4000, 3000);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${url}/api/library/originals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { originals } = (await uploaded.json()) as { originals: { id: number }[] };
    const id = originals[0]?.id;
    if (!id) throw new Error(`upload: ${uploaded.status}`);
    const row = db.prepare(`select blob_${SIZE} as key from originals where id = ?`).get(id) as {
      key: string;
    };
    db.close();
    const file = path.join(dataDir, 'blobs', ...row.key.split('/'));
    const size = (await readFile(file)).length;
    const previewPath = `/api/library/original/view/${id}-${SIZE}`;

    const bare = await startChild(
      ['bench/media/bare-server.mjs', file, 'image/jpeg'],
      process.env,
      (output) => {
        const port = /\{"port":(\d+)\}/.exec(output)?.[1];
        return port ? `http://127.0.0.1:${port}` : undefined;
      },
    );
    closers.push(async () => void bare.child.kill('SIGTERM'));

    const check = await fetch(`${url}${previewPath}`, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200 || (await check.arrayBuffer()).byteLength !== size)
      throw new Error(`preview GET answered ${check.status}`);

    // Requests/s depend on what else the (shared) machine runs; the server's CPU time per request much less so.
    const run = async (target: string, headers: Record<string, string>, pid: number | undefined) => {
      const cpuBefore = await cpuSeconds(pid);
      const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS, headers });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const cpuMicros = ((await cpuSeconds(pid)) - cpuBefore) * 1e6;
      return { perSecond: result.requests.average, cpuPerRequest: cpuMicros / result.requests.total };
    };
    const variants = {
      app: () => run(`${url}${previewPath}`, { authorization: `Bearer ${token}` }, server.child.pid),
      bare: () => run(`${bare.found}/`, {}, bare.child.pid),
    };
    console.log(
      `media bench: ${(size / 1024).toFixed(0)} KB ${SIZE === 'p' ? 'preview' : 'thumbnail'} JPEG, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`,
    );
    await variants.app();
    await variants.bare(); // warm-up round, not counted (JIT, page cache, SQLite statement cache)
    const samples = { app: [] as number[], bare: [] as number[] };
    const cpu = { app: [] as number[], bare: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const name of ['app', 'bare'] as const) {
        const { perSecond, cpuPerRequest } = await variants[name]();
        samples[name].push(perSecond);
        cpu[name].push(cpuPerRequest);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const app_ = median(samples.app);
    const bare_ = median(samples.bare);
    const tableRow = (name: 'app' | 'bare') => ({
      'median req/s': Math.round(median(samples[name])),
      rounds: samples[name].map(Math.round).join(' '),
      'server CPU µs/req': Math.round(median(cpu[name])),
    });
    console.table({
      'app (authenticated GET)': tableRow('app'),
      'bare http + createReadStream': tableRow('bare'),
    });
    console.log(`app / bare: ${(app_ / bare_).toFixed(2)}x (goal >= 0.6x)`);
    console.log(
      `bare / app server CPU per request: ${(median(cpu.bare) / median(cpu.app)).toFixed(2)}x (the throughput ratio a quiet machine would show if both were CPU-bound)`,
    );
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
  } finally {
    for (const close of closers) await close();
  }
}

await main();
