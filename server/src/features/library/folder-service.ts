import { DeleteStatus } from '@wiggle/common/enums';
import type { Folder } from '@wiggle/common/schemas/library';
import { isoNow } from '../../platform/db/columns';
import { BadRequest, NotFound } from '../../platform/errors';
import type { LibraryDeps } from './deps';
import { folderSkeleton, insertFolder, listFolders, setFolderParent } from './folder-store';
import { isActive, wouldCycle } from './folder-tree';
import { findItem, renameItem } from './item-store';
import { toFolder } from './mappers';

type Db = LibraryDeps['db'];

export async function listMemberFolders(db: Db, ownerId: number): Promise<Folder[]> {
  return (await listFolders(db, ownerId)).map(toFolder);
}

/** The member's active folder `id`, or null for the root; anything else is NotFound. */
export async function requireActiveFolder(
  db: Db,
  ownerId: number,
  id: number | null,
): Promise<number | null> {
  if (id === null) return null;
  const folder = await findItem(db, 'folders', ownerId, id);
  if (!folder || folder.delete_status !== DeleteStatus.Active) throw new NotFound('Folder not found.');
  return folder.id;
}

export async function createFolder(
  db: Db,
  ownerId: number,
  name: string,
  parentId: number | null,
): Promise<Folder> {
  const parent = await requireActiveFolder(db, ownerId, parentId);
  return toFolder(await insertFolder(db, { ownerId, parentId: parent, name, createdAt: isoNow() }));
}

/** A new folder under the member's `parentId` (already checked active), in the caller's transaction. */
export async function insertCheckedFolder(
  db: Db,
  ownerId: number,
  parentId: number | null,
  name: string,
  createdAt: string,
): Promise<Folder> {
  return toFolder(await insertFolder(db, { ownerId, parentId, name, createdAt }));
}

export async function renameFolder(db: Db, ownerId: number, id: number, name: string): Promise<Folder> {
  if ((await renameItem(db, ownerId, 'folders', id, name)) === 0) throw new NotFound('Folder not found.');
  const row = await findItem(db, 'folders', ownerId, id);
  if (!row) throw new NotFound('Folder not found.');
  return toFolder(row);
}

/** Moves folders under `targetId` (null = root), refusing a move into the folder itself or its subtree. */
export async function moveFolders(db: Db, ownerId: number, ids: readonly number[], targetId: number | null) {
  return db.transaction().execute(async (trx) => {
    const target = await requireActiveFolder(trx, ownerId, targetId);
    const nodes = await folderSkeleton(trx, ownerId);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const id of ids) {
      if (!isActive(byId.get(id))) throw new NotFound('Folder not found.');
      if (wouldCycle(nodes, id, target)) {
        throw new BadRequest('A folder cannot be moved into itself or one of its subfolders.', {
          targetFolderId: 'A folder cannot be moved into itself or one of its subfolders.',
        });
      }
    }
    await setFolderParent(trx, ownerId, ids, target);
    return [...ids];
  });
}
