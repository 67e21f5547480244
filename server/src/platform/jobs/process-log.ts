import type { Kysely } from 'kysely';
import { asError, type JobLog } from './job-attempt';
import type { JobHandler, JobQueue } from './job-queue';
import type { JobTables } from './tables';

export type ProcessResult = 'ok' | 'error' | 'interrupted' | 'timeout';

export interface ProcessLogEntry {
  startedAt: Date;
  durationMs: number;
  memoryIncrease: number;
  name: string;
  description: string;
  result: ProcessResult;
  message: string;
  entity?: { group: string; type: string; id: number } | null;
  adminId?: number | null;
}

const MAX_TEXT = 1000;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

export async function writeProcessLog(db: Kysely<JobTables>, entry: ProcessLogEntry): Promise<void> {
  await db
    .insertInto('process_logs')
    .values({
      started_at: entry.startedAt.toISOString(),
      duration_ms: Math.max(0, Math.round(entry.durationMs)),
      memory_increase: Math.round(entry.memoryIncrease),
      name: entry.name,
      description: clip(entry.description),
      result: entry.result,
      message: clip(entry.message),
      entity_group: entry.entity?.group ?? null,
      entity_type: entry.entity?.type ?? null,
      entity_id: entry.entity?.id ?? null,
      admin_id: entry.adminId ?? null,
    })
    .execute();
}

export interface TimedProcess {
  name: string;
  description: string;
  entity?: ProcessLogEntry['entity'];
}

/**
 * Runs one step of background work that is not a queued job of its own (a mail, a call to the payment provider, the
 * interpolation inside the creation job) and writes its process log row: result, message, duration, memory. The
 * step's own error is rethrown unchanged; a failing log write is reported and never fails the step.
 */
export async function withTimedProcessLog<T>(
  db: Kysely<JobTables>,
  log: JobLog,
  process: TimedProcess,
  run: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const startedAt = new Date();
  const heapBefore = globalThis.process.memoryUsage().heapUsed;
  const finish = async (result: ProcessResult, message: string) => {
    try {
      await writeProcessLog(db, {
        ...process,
        startedAt,
        durationMs: Date.now() - startedAt.getTime(),
        memoryIncrease: globalThis.process.memoryUsage().heapUsed - heapBefore,
        result,
        message,
      });
    } catch (error) {
      log.error({ err: error, process: process.name }, 'writing the process log failed');
    }
  };
  let value: T;
  try {
    value = await run();
  } catch (error) {
    await finish(signal?.aborted ? 'interrupted' : 'error', asError(error).message);
    throw error;
  }
  await finish('ok', '');
  return value;
}

/** The entity a job works on: the first `<type>Id` of its payload holding a positive integer (e.g. `wiggleId`). */
export function entityOfPayload(name: string, payload: object): ProcessLogEntry['entity'] {
  for (const [key, value] of Object.entries(payload)) {
    const match = /^([a-z][A-Za-z]*)Id$/.exec(key);
    if (match?.[1] && Number.isSafeInteger(value) && (value as number) > 0) {
      return { group: name.split('.')[0] ?? name, type: match[1], id: value as number };
    }
  }
  return null;
}

/**
 * Every job of both drivers writes one process log row per run (SPEC §3): the queue's handlers are wrapped once here,
 * where jobs are registered, so no job has to remember it. A failing log write is reported, never fails the job.
 */
export function withProcessLog(
  queue: JobQueue,
  db: Kysely<JobTables>,
  log: JobLog,
): JobQueue & { readonly driver: JobQueue } {
  const record = async (entry: ProcessLogEntry) => {
    try {
      await writeProcessLog(db, entry);
    } catch (error) {
      log.error({ err: error, job: entry.name }, 'writing the process log failed');
    }
  };
  const wrap = <P extends object>(name: string, handler: JobHandler<P>): JobHandler<P> => ({
    ...handler,
    async run(payload, context) {
      const startedAt = new Date();
      const heapBefore = process.memoryUsage().heapUsed;
      const base = {
        startedAt,
        name,
        description: `attempt ${context.attempt}: ${JSON.stringify(payload)}`,
        entity: entityOfPayload(name, payload),
      };
      const finish = (result: ProcessResult, message: string) =>
        record({
          ...base,
          durationMs: Date.now() - startedAt.getTime(),
          memoryIncrease: process.memoryUsage().heapUsed - heapBefore,
          result,
          message,
        });
      try {
        await handler.run(payload, context);
      } catch (error) {
        const aborted = context.signal.aborted;
        await finish(aborted ? 'interrupted' : 'error', asError(error).message);
        throw error;
      }
      await finish('ok', '');
    },
    async onTimeout(payload, context) {
      // The run was abandoned, so its own row may never come: the timeout writes one.
      await record({
        startedAt: new Date(),
        durationMs: handler.timeoutMs,
        memoryIncrease: 0,
        name,
        description: `attempt ${context.attempt}: ${JSON.stringify(payload)}`,
        entity: entityOfPayload(name, payload),
        result: 'timeout',
        message: `The job ran longer than ${handler.timeoutMs} ms.`,
      });
      await handler.onTimeout?.(payload, context);
    },
  });
  return {
    driver: queue,
    enqueue: (name, payload, options) => queue.enqueue(name, payload, options),
    process: (name, handler) => queue.process(name, wrap(name, handler)),
    repeat: (name, everyMs) => queue.repeat(name, everyMs),
    close: () => queue.close(),
  };
}

/** Deletes process logs started before `days` ago (PROCESS_LOG_RETENTION_DAYS); returns how many. */
export async function pruneProcessLogs(db: Kysely<JobTables>, days: number): Promise<number> {
  const before = new Date(Date.now() - days * 86_400_000).toISOString();
  const result = await db.deleteFrom('process_logs').where('started_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
