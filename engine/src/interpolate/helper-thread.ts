import { Worker } from 'node:worker_threads';
import { runStep, type StepArgs, type StepName } from './helper-steps';

/** Beside this module: the TypeScript entry in the sources, the bundled one in engine/dist and server/dist. */
const HELPER_URL = new URL('./interpolate-helper.mjs', import.meta.url);

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
}

let helper: Helper | undefined;
let nextId = 1;
let doneByHelper = 0;

/** Steps the helper thread has finished so far (the tests check that it did the work). */
export function stepsDoneByHelper(): number {
  return doneByHelper;
}

/**
 * Starts the helper thread if it is not running (its start-up then overlaps the caller's own work). One per thread
 * that interpolates; unref'd while idle, so it never keeps a process alive; replaced when it dies.
 */
export function startHelper(): Helper {
  if (helper) return helper;
  const worker = new Worker(HELPER_URL);
  const started: Helper = { worker, pending: new Map() };
  worker.on('message', ({ id, error }: { id: number; error?: string }) => {
    const waiting = started.pending.get(id);
    if (!waiting) return;
    started.pending.delete(id);
    if (started.pending.size === 0) worker.unref();
    if (error === undefined) {
      doneByHelper++;
      waiting.resolve();
    } else waiting.reject(new Error(error));
  });
  const fail = (error: Error) => {
    if (helper === started) helper = undefined;
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`interpolation helper stopped (exit code ${code})`)));
  // After the listeners: adding a 'message' listener refs the worker again, and a helper started with nothing to do
  // yet (prepareInterpolation, then a bad input file) kept the process alive for good.
  worker.unref();
  helper = started;
  return started;
}

/**
 * Runs `step` on the helper thread. The message is posted before this returns its promise, so the caller's own
 * share of the work, done next, runs side by side with it. Should the helper fail (it did not start, it died),
 * the step runs on the calling thread instead: the result is the same.
 */
export function onHelper<S extends StepName>(step: S, ...args: StepArgs<S>): Promise<void> {
  let posted: Promise<void>;
  try {
    const running = startHelper();
    posted = new Promise<void>((resolve, reject) => {
      const id = nextId++;
      running.pending.set(id, { resolve, reject });
      running.worker.ref();
      running.worker.postMessage({ id, step, args });
    });
  } catch (error) {
    posted = Promise.reject(error);
  }
  return posted.catch(() => runStep(step, args));
}
