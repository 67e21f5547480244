import type { ExpressionBuilder, Kysely, Updateable } from 'kysely';
import type { JobRow, JobStatus, JobsTable, JobTables } from './tables';

const iso = (msFromNow = 0) => new Date(Date.now() + msFromNow).toISOString();

/** The in-process queue's queries on the `jobs` table; the queue decides when and why. */
export class JobStore {
  private readonly skipLocked: boolean;

  constructor(private readonly db: Kysely<JobTables>) {
    this.skipLocked = db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
  }

  /** Inserts a waiting job; a finished job with the same id starts over, a waiting or running one is left alone. */
  async insert(id: string, name: string, payload: string, maxAttempts: number): Promise<void> {
    const now = iso();
    const fresh = {
      name,
      payload,
      status: 'waiting' as const,
      attempts: 0,
      max_attempts: maxAttempts,
      run_after: now,
      locked_until: null,
      last_error: null,
      updated_at: now,
    };
    await this.db
      .insertInto('jobs')
      .values({ id, created_at: now, ...fresh })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet(fresh).where('jobs.status', 'in', ['done', 'failed']),
      )
      .execute();
  }

  /** Makes every 'running' job of `name` waiting again; returns how many there were. */
  async makeRunningWait(name: string): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'waiting', locked_until: null, run_after: iso(), updated_at: iso() })
      .where('name', '=', name)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Takes the next due job of `name` (or one whose lease lapsed) and counts the attempt. */
  async claimNext(name: string, leaseMs: number): Promise<JobRow | undefined> {
    const now = iso();
    let next = this.db
      .selectFrom('jobs')
      .select('id')
      .where(claimable(name, now))
      .orderBy('run_after')
      .orderBy('created_at')
      .limit(1);
    if (this.skipLocked) next = next.forUpdate().skipLocked();
    // The condition is repeated outside the subquery: if another process claimed the row in between, this
    // UPDATE re-checks the committed row and matches nothing.
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        locked_until: iso(leaseMs),
        updated_at: now,
      }))
      .where('id', '=', next)
      .where(claimable(name, now))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Records how a run ended. Fenced by the attempt number: if the lease lapsed and another process claimed the
   * job meanwhile, this run's result is moot and changes nothing.
   */
  async settle(
    claimed: JobRow,
    change: { status: Exclude<JobStatus, 'running'>; last_error: string | null; run_after?: string },
  ): Promise<void> {
    await this.updateWhileHeld(claimed, { ...change, locked_until: null, updated_at: iso() });
  }

  async renewLease(claimed: JobRow, leaseMs: number): Promise<void> {
    await this.updateWhileHeld(claimed, { locked_until: iso(leaseMs) });
  }

  /** The fence of settle and renewLease: the update applies only while this run still holds the job. */
  private async updateWhileHeld(claimed: JobRow, values: Updateable<JobsTable>): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', claimed.id)
      .where('status', '=', 'running')
      .where('attempts', '=', claimed.attempts)
      .execute();
  }

  async deleteFinishedBefore(doneBefore: string, failedBefore: string): Promise<void> {
    await this.db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'done'), eb('updated_at', '<', doneBefore)]),
          eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', failedBefore)]),
        ]),
      )
      .execute();
  }
}

function claimable(name: string, now: string) {
  return (eb: ExpressionBuilder<JobTables, 'jobs'>) =>
    eb.and([
      eb('name', '=', name),
      eb.or([
        eb.and([eb('status', '=', 'waiting'), eb('run_after', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
      ]),
    ]);
}
