import { availableParallelism } from 'node:os';
import { type Transferable, Worker } from 'node:worker_threads';
import { EngineInputError } from '../image';
import type { TaskArgs, TaskName, TaskResult } from './tasks';

export interface WorkerPoolOptions {
  /** Worker threads; default one per core but one, leaving a core for the event loop. */
  size?: number;
  /** Tasks allowed to wait for a worker; beyond it runInPool rejects at once with PoolBusyError. */
  maxQueue?: number;
}

/** The queue is full: the caller should answer "try later" rather than pile up memory. */
export class PoolBusyError extends Error {
  constructor() {
    super('The engine is busy; try again shortly.');
    this.name = 'PoolBusyError';
  }
}

export class PoolClosedError extends Error {
  constructor() {
    super('The engine worker pool is closed.');
    this.name = 'PoolClosedError';
  }
}

interface Job {
  id: number;
  task: TaskName;
  args: unknown[];
  transferList: readonly Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorShape };
interface ErrorShape {
  name: string;
  message: string;
  code?: string;
}

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

function revive(shape: ErrorShape): Error {
  if (shape.name === 'EngineInputError') {
    return new EngineInputError(shape.message, shape.code as EngineInputError['code']);
  }
  const error = new Error(shape.message);
  error.name = shape.name;
  return error;
}

/**
 * Runs heavy engine steps on worker threads so the caller's event loop stays responsive. Workers start lazily,
 * take one task at a time, are replaced when they die, and are unref'd while idle so they never keep a process
 * alive on their own.
 */
export class WorkerPool {
  readonly size: number;
  private readonly maxQueue: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.maxQueue = options.maxQueue ?? 256;
  }

  /** Number of live worker threads (for health checks and tests). */
  get threads(): number {
    return this.slots.length;
  }

  get queued(): number {
    return this.queue.length;
  }

  runInPool<N extends TaskName>(
    task: N,
    args: TaskArgs<N>,
    transferList: readonly Transferable[] = [],
  ): Promise<TaskResult<N>> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    if (this.queue.length >= this.maxQueue) return Promise.reject(new PoolBusyError());
    return new Promise<TaskResult<N>>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        args,
        transferList,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Rejects waiting tasks, lets running ones fail, and terminates every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PoolClosedError());
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.job?.reject(new PoolClosedError());
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(
        { id: job.id, task: job.task, args: job.args },
        job.transferList as Transferable[],
      );
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker };
    worker.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message) || slot.job?.id !== message.id) return;
      const job = slot.job;
      slot.job = undefined;
      worker.unref();
      if (message.ok) job.resolve(message.result);
      else job.reject(revive(message.error));
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`engine worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
