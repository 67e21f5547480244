import { parentPort } from 'node:worker_threads';
import { runStep, type StepName, steps } from './helper-steps';

/** The body of the interpolation helper thread: runs the steps the calling thread posts, answering each when done. */
const port = parentPort;
if (!port) throw new Error('helper-main runs inside a worker thread');

port.on('message', ({ id, step, args }: { id: number; step: string; args: unknown[] }) => {
  try {
    if (!Object.hasOwn(steps, step)) throw new Error(`unknown interpolation step '${step}'`);
    runStep(step as StepName, args as never);
    port.postMessage({ id });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
