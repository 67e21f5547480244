import type { ProcessLog } from '@wiggle/common/schemas/admin';
import type { Kysely } from 'kysely';
import { decodeCursor, pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';

export interface ProcessLogQuery {
  result?: string | undefined;
  name?: string | undefined;
  entityType?: string | undefined;
  entityId?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Process logs, newest first by id (keyset), filtered by result, name (prefix) and entity. */
export async function listProcessLogs(db: Kysely<Database>, query: ProcessLogQuery) {
  const after = decodeCursor(query.cursor);
  let select = db.selectFrom('process_logs').selectAll();
  if (query.result) select = select.where('result', '=', query.result);
  if (query.name) {
    // A prefix ("admin.", "wiggles.") selects a family of jobs and still uses the (name, id) index.
    const prefix = query.name.replace(/[\\%_]/g, (c) => `\\${c}`);
    select = select.where((eb) => eb('name', '=', query.name as string).or('name', 'like', `${prefix}%`));
  }
  if (query.entityType) select = select.where('entity_type', '=', query.entityType);
  if (query.entityId) select = select.where('entity_id', '=', query.entityId);
  if (after) select = select.where('id', '<', after.id);
  const rows = await select
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { rows: page, nextCursor } = pageFromRows(rows, query.limit, (row) => row.id);
  return {
    items: page.map(
      (row): ProcessLog => ({
        id: row.id,
        start: row.started_at,
        durationMs: Number(row.duration_ms),
        memoryIncrease: Number(row.memory_increase),
        name: row.name,
        description: row.description,
        result: row.result,
        message: row.message,
        entityGroup: row.entity_group,
        entityType: row.entity_type,
        entityId: row.entity_id === null ? null : Number(row.entity_id),
        adminId: row.admin_id === null ? null : Number(row.admin_id),
      }),
    ),
    nextCursor,
  };
}
