import { DeleteStatus, MoveType } from '@wiggle/common/enums';
import type { TrashListResponse } from '@wiggle/common/schemas/library';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import { expireTrashedBefore } from '../../platform/db/expire-trash';
import { NotFound } from '../../platform/errors';
import type { LibraryDeps } from './deps';
import { findFoldersByIds, folderSkeleton, listTopTrashedFolders, setFolderParent } from './folder-store';
import { isActive, subtreeIds } from './folder-tree';
import {
  type LibraryTable,
  listTopTrashedItems,
  markItemsExpired,
  moveItems,
  ownedActiveIds,
  restoreContents,
  restoreRows,
  trashContents,
  trashedItemsWithFolder,
  trashRows,
} from './item-store';
import { toFolder, toOriginal, toWiggle } from './mappers';
import { trashedOriginalsBefore } from './original-store';
import { deleteOriginalBlobs } from './upload-service';
import { trashedWigglesBefore } from './wiggle-item-store';

type Db = LibraryDeps['db'];

export const TABLE_OF_TYPE: Record<MoveType, LibraryTable> = {
  [MoveType.Folder]: 'folders',
  [MoveType.Wiggle]: 'wiggles',
  [MoveType.Original]: 'originals',
};

/**
 * Moves items to the trash (SPEC delete status Active → Trash). A folder takes its whole active subtree
 * along, stamped with the same `deleted_at`, so a restore brings back exactly what went together.
 */
export async function trashItems(db: Db, ownerId: number, type: MoveType, ids: readonly number[]) {
  return db.transaction().execute(async (trx) => {
    const table = TABLE_OF_TYPE[type];
    const owned = await ownedActiveIds(trx, ownerId, table, ids);
    if (owned.length !== new Set(ids).size) throw new NotFound();
    const at = isoNow();
    if (type !== MoveType.Folder) {
      await trashRows(trx, ownerId, table, owned, at);
      return owned;
    }
    const nodes = await folderSkeleton(trx, ownerId);
    const all = [...new Set(owned.flatMap((id) => subtreeIds(nodes, id, isActive)))];
    await trashRows(trx, ownerId, 'folders', all, at);
    await trashContents(trx, ownerId, all, at);
    return owned;
  });
}

/** Trash → Active. An item whose container is no longer active comes back at the library root. */
export async function restoreItems(db: Db, ownerId: number, type: MoveType, ids: readonly number[]) {
  return db.transaction().execute(async (trx) => {
    const nodes = await folderSkeleton(trx, ownerId);
    const folderById = new Map(nodes.map((n) => [n.id, n]));
    if (type === MoveType.Folder) {
      const rows = await findFoldersByIds(trx, ownerId, ids);
      const trashed = rows.filter((r) => r.delete_status === DeleteStatus.Trash);
      if (trashed.length !== new Set(ids).size) throw new NotFound();
      for (const folder of trashed) {
        const stamp = folder.deleted_at;
        const tree = subtreeIds(
          nodes,
          folder.id,
          (n) => n.delete_status === DeleteStatus.Trash && n.deleted_at === stamp,
        );
        await restoreRows(trx, ownerId, 'folders', tree);
        if (stamp) await restoreContents(trx, ownerId, tree, stamp);
        if (folder.parent_id !== null && !isActive(folderById.get(folder.parent_id))) {
          await setFolderParent(trx, ownerId, [folder.id], null);
        }
      }
      return trashed.map((f) => f.id);
    }
    const table = type === MoveType.Wiggle ? 'wiggles' : 'originals';
    const wanted = new Set(ids);
    const rows = (await trashedItemsWithFolder(trx, ownerId, table)).filter((r) => wanted.has(r.id));
    if (rows.length !== wanted.size) throw new NotFound();
    await restoreRows(trx, ownerId, table, [...wanted]);
    const orphans = rows.filter((r) => r.folder_id !== null && r.folder_status !== DeleteStatus.Active);
    await moveItems(
      trx,
      ownerId,
      table,
      orphans.map((r) => r.id),
      null,
    );
    return [...wanted];
  });
}

export async function listTrash(db: Db, ownerId: number): Promise<TrashListResponse> {
  const [folders, originals, wiggles] = await Promise.all([
    listTopTrashedFolders(db, ownerId),
    listTopTrashedItems(db, 'originals', ownerId),
    listTopTrashedItems(db, 'wiggles', ownerId),
  ]);
  return {
    folders: folders.map(toFolder),
    originals: originals.map(toOriginal),
    wiggles: wiggles.map(toWiggle),
  };
}

const PURGE_BATCH = 200;

/**
 * Trash older than `olderThanDays` → Expired, across all members, and deletes its files. Rows stay (as Expired)
 * so counts and references remain explainable. Runs daily in the web process and can be called by an admin.
 */
export async function purgeExpired(
  deps: { db: Db; blobs: BlobStore },
  olderThanDays: number,
): Promise<{ folders: number; originals: number; wiggles: number }> {
  const before = new Date(Date.now() - olderThanDays * 86_400_000).toISOString();
  const counts = { folders: 0, originals: 0, wiggles: 0 };
  for (;;) {
    const rows = await trashedOriginalsBefore(deps.db, before, PURGE_BATCH);
    if (rows.length === 0) break;
    // Expired first, files second: a job that writes meanwhile sees the row gone and removes its own files.
    await markItemsExpired(
      deps.db,
      'originals',
      rows.map((r) => r.id),
    );
    for (const row of rows) await deleteOriginalBlobs(deps.blobs, row);
    counts.originals += rows.length;
  }
  for (;;) {
    const rows = await trashedWigglesBefore(deps.db, before, PURGE_BATCH);
    if (rows.length === 0) break;
    await markItemsExpired(
      deps.db,
      'wiggles',
      rows.map((r) => r.id),
    );
    for (const row of rows) await deps.blobs.deletePrefix(`${row.blob_prefix}/`);
    counts.wiggles += rows.length;
  }
  counts.folders = await expireTrashedBefore(deps.db, 'folders', before);
  return counts;
}
