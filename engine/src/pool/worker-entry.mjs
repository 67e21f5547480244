// Worker threads start without the parent's TypeScript loader: register tsx here, then load the task table.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { tasks } = await import(new URL('./tasks.ts', import.meta.url).href);

/** ArrayBuffers a result owns outright; moving them avoids copying megabytes of pixels back. */
function transferablesOf(value, found = new Set()) {
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

parentPort.on('message', async ({ id, task, args }) => {
  try {
    if (!Object.hasOwn(tasks, task)) throw new Error(`unknown engine task '${task}'`);
    const run = tasks[task];
    const result = await run(...args);
    parentPort.postMessage({ id, ok: true, result }, [...transferablesOf(result)]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    parentPort.postMessage({ id, ok: false, error: { name: e.name, message: e.message, code: e.code } });
  }
});
parentPort.postMessage({ ready: true });
