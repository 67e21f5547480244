import type { Selectable } from 'kysely';

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

export interface JobTables {
  jobs: JobsTable;
}

export type JobRow = Selectable<JobsTable>;
