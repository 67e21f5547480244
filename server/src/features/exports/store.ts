import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ExportsTable } from './tables';

type Db = Kysely<Database>;

export async function insertExport(db: Db, row: Insertable<ExportsTable>) {
  return db.insertInto('exports').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The export of this owner, or undefined (a foreign id reads as absent). */
export function exportOfOwner(db: Db, ownerId: number, exportId: number) {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', exportId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** Ends an export still in progress; false when it was already ended (or is gone). */
export async function finishExport(
  db: Db,
  exportId: number,
  end: { status: 'Success'; galleryWiggleId: number } | { status: 'Error'; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set(
      end.status === 'Success'
        ? { status: 'Success', gallery_wiggle_id: end.galleryWiggleId }
        : { status: 'Error', error: end.error },
    )
    .where('id', '=', exportId)
    .where('status', '=', 'InProgress')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The render job works by export id alone (the owner enqueued it). */
export function loadExportForJob(db: Db, exportId: number) {
  return db.selectFrom('exports').selectAll().where('id', '=', exportId).executeTakeFirst();
}
