import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts crash-test-worker.ts in its own Node process and resolves once it has started a job. */
export async function startCrashWorker(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; started: { attempt: number; pid: number } }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./crash-test-worker.ts', import.meta.url))],
    {
      cwd: fileURLToPath(new URL('../../../../server', import.meta.url)),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const started = await new Promise<{ attempt: number; pid: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`crash worker exited early with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split('\n')[0] ?? '')));
  });
  return { child, started };
}

/** SIGKILL: no handler, no cleanup, like a power cut or the OOM killer. */
export async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
