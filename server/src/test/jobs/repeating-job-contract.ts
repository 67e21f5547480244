import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { uniqueName, waitFor } from './job-test-helpers';

/** The repeating-job part of the JobQueue contract; `describeJobQueueContract` runs it for every driver. */
export function repeatingJobCases(open: () => Promise<JobQueue>): void {
  it('runs a repeating job again and again with an empty payload, the first time at once', async () => {
    const queue = await open();
    const name = uniqueName('repeat');
    const payloads: unknown[] = [];
    queue.process(name, {
      timeoutMs: 5_000,
      async run(payload) {
        payloads.push(payload);
      },
    });
    await queue.repeat(name, 150);
    await waitFor(() => payloads.length >= 3, 15_000);
    expect(payloads.slice(0, 3)).toEqual([{}, {}, {}]);
  });

  it('keeps one schedule when every process schedules the same job, and never overlaps its runs', async () => {
    // Two queues on one storage are two worker processes starting up: both schedule, both run handlers.
    const first = await open();
    const second = await open();
    const name = uniqueName('repeat-shared');
    let running = 0;
    let peak = 0;
    let runs = 0;
    const handler = {
      timeoutMs: 5_000,
      async run() {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(30);
        running -= 1;
        runs += 1;
      },
    };
    first.process(name, handler);
    second.process(name, handler);
    await first.repeat(name, 200);
    await second.repeat(name, 200);
    await waitFor(() => runs >= 4, 20_000);
    expect(peak).toBe(1);
  });

  it('refuses to schedule on a closed queue', async () => {
    const queue = await open();
    await queue.close();
    await expect(queue.repeat(uniqueName('repeat-closed'), 1_000)).rejects.toThrow(/closed/);
  });
}
