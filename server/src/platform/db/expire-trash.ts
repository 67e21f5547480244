import { DeleteStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Trees whose trash expires as a whole: library folders and gallery albums. */
type TreeTable = 'folders' | 'albums';

/** Trash older than `before` → Expired, across members (purge); returns how many rows expired. */
export async function expireTrashedBefore(
  db: Kysely<Database>,
  table: TreeTable,
  before: string,
): Promise<number> {
  const result = await db
    .updateTable(table as 'folders')
    .set({ delete_status: DeleteStatus.Expired })
    .where('delete_status', '=', DeleteStatus.Trash)
    .where('deleted_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
