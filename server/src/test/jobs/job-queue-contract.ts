import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, JobOptions, JobQueue } from '../../platform/jobs/job-queue';
import { deferred, uniqueName, waitFor } from './job-test-helpers';
import { repeatingJobCases } from './repeating-job-contract';

export interface JobQueueBackend {
  /** A new queue on the same storage: opening one after closing another is a restart. */
  open(): Promise<JobQueue>;
  close(): Promise<void>;
}

/** The behaviour every JobQueue driver must share; each driver's test file runs it against a real backend. */
export function describeJobQueueContract(driver: string, connect: () => Promise<JobQueueBackend>): void {
  describe(`JobQueue contract (${driver})`, () => {
    let backend: JobQueueBackend;
    const opened: JobQueue[] = [];
    const open = async () => {
      const queue = await backend.open();
      opened.push(queue);
      return queue;
    };
    /** Starts a job whose run never ends, then closes its queue under it: the next queue opened is a restart. */
    const cutOffMidRun = async (name: string, payload: object, options: JobOptions) => {
      const first = await open();
      const started = deferred();
      first.process(name, {
        timeoutMs: 60_000,
        async run() {
          started.resolve();
          // A stuck step that ignores the abort signal, like a crash mid-work.
          await new Promise(() => {});
        },
      });
      await first.enqueue(name, payload, options);
      await started.promise;
      await first.close();
    };
    beforeAll(async () => {
      backend = await connect();
    });
    afterAll(async () => {
      await Promise.all(opened.map((queue) => queue.close()));
      await backend.close();
    });

    it('runs a job with its payload', async () => {
      const queue = await open();
      const name = uniqueName('payload');
      const seen: { payload: unknown; context: Omit<JobContext, 'signal'> }[] = [];
      queue.process<{ wiggleId: number; tags: string[] }>(name, {
        timeoutMs: 5_000,
        async run(payload, { jobId, attempt }) {
          seen.push({ payload, context: { jobId, attempt } });
        },
      });
      await queue.enqueue(name, { wiggleId: 42, tags: ['a', 'b'] }, { jobId: 'wiggle-42' });
      await waitFor(() => seen.length === 1);
      expect(seen[0]).toEqual({
        payload: { wiggleId: 42, tags: ['a', 'b'] },
        context: { jobId: 'wiggle-42', attempt: 1 },
      });
    });

    it('ignores an id that is still waiting or running, and runs it again once finished', async () => {
      const queue = await open();
      const name = uniqueName('dedup');
      const release = deferred();
      const runs: number[] = [];
      await queue.enqueue(name, { n: 1 }, { jobId: 'same' });
      await queue.enqueue(name, { n: 2 }, { jobId: 'same' });
      queue.process<{ n: number }>(name, {
        timeoutMs: 10_000,
        async run(payload) {
          runs.push(payload.n);
          if (runs.length === 1) await release.promise;
        },
      });
      await waitFor(() => runs.length === 1);
      await queue.enqueue(name, { n: 3 }, { jobId: 'same' });
      release.resolve();
      await sleep(400);
      expect(runs).toEqual([1]);
      await queue.enqueue(name, { n: 4 }, { jobId: 'same' });
      await waitFor(() => runs.length === 2);
      expect(runs).toEqual([1, 4]);
    });

    it('retries a failing job, then reports it to onFailed once', async () => {
      const queue = await open();
      const name = uniqueName('failing');
      const attempts: number[] = [];
      const failures: { payload: unknown; message: string; attempt: number }[] = [];
      queue.process<{ id: number }>(name, {
        timeoutMs: 5_000,
        async run(_payload, { attempt }) {
          attempts.push(attempt);
          throw new Error(`broken ${attempt}`);
        },
        async onFailed(payload, error, { attempt }) {
          failures.push({ payload, message: error.message, attempt });
        },
      });
      await queue.enqueue(name, { id: 7 }, { attempts: 3 });
      await waitFor(() => failures.length === 1);
      await sleep(300);
      expect(attempts).toEqual([1, 2, 3]);
      expect(failures).toEqual([{ payload: { id: 7 }, message: 'broken 3', attempt: 3 }]);
    });

    it('does not report a job that succeeds on a retry', async () => {
      const queue = await open();
      const name = uniqueName('flaky');
      const attempts: number[] = [];
      let failed = 0;
      queue.process(name, {
        timeoutMs: 5_000,
        async run(_payload, { attempt }) {
          attempts.push(attempt);
          if (attempt === 1) throw new Error('transient');
        },
        async onFailed() {
          failed += 1;
        },
      });
      await queue.enqueue(name, {});
      await waitFor(() => attempts.length === 2);
      await sleep(300);
      expect(attempts).toEqual([1, 2]);
      expect(failed).toBe(0);
    });

    it('abandons a job past its timeout, reports it to onTimeout and does not retry it', async () => {
      const queue = await open();
      const name = uniqueName('slow');
      let runs = 0;
      let abortedSignal: AbortSignal | undefined;
      const timeouts: unknown[] = [];
      let failed = 0;
      queue.process(name, {
        timeoutMs: 300,
        async run(_payload, { signal }) {
          runs += 1;
          abortedSignal = signal;
          await sleep(60_000, undefined, { signal }).catch(() => undefined);
        },
        async onTimeout(payload) {
          timeouts.push(payload);
        },
        async onFailed() {
          failed += 1;
        },
      });
      const started = Date.now();
      await queue.enqueue(name, { wiggleId: 9 }, { attempts: 3 });
      await waitFor(() => timeouts.length === 1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(abortedSignal?.aborted).toBe(true);
      await sleep(800);
      expect(timeouts).toEqual([{ wiggleId: 9 }]);
      expect(runs).toBe(1);
      expect(failed).toBe(0);
    });

    it('runs a job again after a restart that cut it off', async () => {
      const name = uniqueName('restart');
      await cutOffMidRun(name, { wiggleId: 5 }, { jobId: 'restart-5' });

      const second = await open();
      const rerun: { payload: unknown; attempt: number }[] = [];
      second.process(name, {
        timeoutMs: 60_000,
        async run(payload, { attempt }) {
          rerun.push({ payload, attempt });
        },
      });
      await waitFor(() => rerun.length === 1);
      expect(rerun).toEqual([{ payload: { wiggleId: 5 }, attempt: 2 }]);
    });

    it('gives up on a job cut off more often than its attempts allow, through onFailed', async () => {
      const name = uniqueName('cutoff');
      await cutOffMidRun(name, { wiggleId: 6 }, { attempts: 1 });

      const second = await open();
      let runs = 0;
      const failures: { payload: unknown; message: string }[] = [];
      second.process(name, {
        timeoutMs: 60_000,
        async run() {
          runs += 1;
        },
        async onFailed(payload, error) {
          failures.push({ payload, message: error.message });
        },
      });
      await waitFor(() => failures.length === 1);
      await sleep(300);
      expect(runs).toBe(0);
      expect(failures).toEqual([
        { payload: { wiggleId: 6 }, message: 'The job was interrupted once and will not run again.' },
      ]);
    });

    it('lets a running job finish when closing, and does not run it again', async () => {
      const first = await open();
      const name = uniqueName('graceful');
      const started = deferred();
      let finished = 0;
      first.process(name, {
        timeoutMs: 60_000,
        async run() {
          started.resolve();
          await sleep(100);
          finished += 1;
        },
      });
      await first.enqueue(name, {});
      await started.promise;
      await first.close();
      expect(finished).toBe(1);

      const second = await open();
      let reruns = 0;
      second.process(name, {
        timeoutMs: 60_000,
        async run() {
          reruns += 1;
        },
      });
      await sleep(800);
      expect(reruns).toBe(0);
    });

    it('runs at most `concurrency` jobs of a handler at once', async () => {
      const queue = await open();
      const name = uniqueName('parallel');
      let running = 0;
      let peak = 0;
      let done = 0;
      // Queued before the handler starts, so the limit, not the enqueue pace, decides how many run together.
      for (let i = 0; i < 6; i += 1) await queue.enqueue(name, { i });
      queue.process(name, {
        timeoutMs: 10_000,
        concurrency: 2,
        async run() {
          running += 1;
          peak = Math.max(peak, running);
          await sleep(200);
          running -= 1;
          done += 1;
        },
      });
      await waitFor(() => done === 6, 10_000);
      expect(peak).toBe(2);
    });

    repeatingJobCases(open);
  });
}
