import { parentPort } from 'node:worker_threads';
import { tasks } from './tasks';

/** The body of an engine worker thread: runs the tasks the pool posts and answers each with its result or error. */
const port = parentPort;
if (!port) throw new Error('worker-main runs inside a worker thread');

/** ArrayBuffers a result owns outright; moving them avoids copying megabytes of pixels back. */
function transferablesOf(value: unknown, found = new Set<ArrayBuffer>()): Set<ArrayBuffer> {
  if (ArrayBuffer.isView(value)) {
    const { buffer } = value;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength) {
      found.add(buffer);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) transferablesOf(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) transferablesOf(item, found);
  }
  return found;
}

port.on('message', async ({ id, task, args }: { id: number; task: string; args: unknown[] }) => {
  try {
    if (!Object.hasOwn(tasks, task)) throw new Error(`unknown engine task '${task}'`);
    const run = tasks[task as keyof typeof tasks] as (...a: unknown[]) => Promise<unknown>;
    const result = await run(...args);
    port.postMessage({ id, ok: true, result }, [...transferablesOf(result)]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({
      id,
      ok: false,
      error: { name: e.name, message: e.message, code: (e as { code?: string }).code },
    });
  }
});
port.postMessage({ ready: true });
