import type { Generated, Selectable } from 'kysely';

export type JobStatus = 'waiting' | 'running' | 'done' | 'failed';

/** The in-process driver's queue (BullMQ keeps its own in Redis). Timestamps are ISO-8601 UTC text like every table. */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON text of the payload. */
  payload: string;
  status: JobStatus;
  /** Runs started so far, counting the current one and interrupted ones. */
  attempts: number;
  max_attempts: number;
  /** Not claimed before this time (retry backoff). */
  run_after: string;
  /** Lease of the running process; past it, the job is presumed orphaned and claimable again. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** SPEC §3 "Process log": one row per run of a background job and per admin action. */
export interface ProcessLogsTable {
  id: Generated<number>;
  started_at: string;
  duration_ms: number;
  /** Heap bytes gained during the run (negative when the collector freed more). */
  memory_increase: number | string;
  name: string;
  description: string;
  /** 'ok', 'error', 'timeout' or 'interrupted'. */
  result: string;
  message: string;
  entity_group: string | null;
  entity_type: string | null;
  entity_id: number | null;
  /** The admin who acted, for admin actions. */
  admin_id: number | null;
}

export interface JobTables {
  jobs: JobsTable;
  process_logs: ProcessLogsTable;
}

export type JobRow = Selectable<JobsTable>;
