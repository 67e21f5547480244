import { DeleteStatus } from '@wiggle/common/enums';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import { NotFound } from '../../platform/errors';
import type { LibraryDeps } from './deps';
import { findFoldersByIds, folderSkeleton, insertFolder } from './folder-store';
import { subtreeIds } from './folder-tree';
import { newOriginalPrefix, newWigglePrefix, WIGGLE_FRAME_NAMES, wiggleFrameKey } from './item-keys';
import { findActiveItems, findItemsInFolders, type ItemRow, type ItemTable } from './item-store';
import type { OriginalRow, WiggleRow } from './mappers';
import { insertOriginal } from './original-store';
import { insertWiggleCopy } from './wiggle-item-store';

/**
 * Copies duplicate their files (no reference counting): every row owns its blobs, so trash, purge and
 * deletion never need to ask who else uses a file. Storage is cheap next to the bugs shared files invite.
 */

async function copyBlob(blobs: BlobStore, from: string, to: string): Promise<boolean> {
  if (!(await blobs.stat(from))) return false;
  await blobs.put(to, await blobs.get(from));
  return true;
}

async function copyOriginal(deps: LibraryDeps, row: OriginalRow, folderId: number | null, written: string[]) {
  const prefix = newOriginalPrefix(row.owner_id);
  const keyOf = (old: string) => `${prefix}/${old.slice(old.lastIndexOf('/') + 1)}`;
  const keys = { o: keyOf(row.blob_o), p: keyOf(row.blob_p), t: keyOf(row.blob_t) };
  for (const [from, to] of [
    [row.blob_o, keys.o],
    [row.blob_p, keys.p],
    [row.blob_t, keys.t],
  ] as const) {
    written.push(to);
    await copyBlob(deps.blobs, from, to);
  }
  const { id: _id, ...rest } = row;
  return insertOriginal(deps.db, {
    ...rest,
    folder_id: folderId,
    blob_o: keys.o,
    blob_p: keys.p,
    blob_t: keys.t,
    delete_status: DeleteStatus.Active,
    deleted_at: null,
    uploaded_at: isoNow(),
  });
}

async function copyWiggle(
  deps: LibraryDeps,
  row: WiggleRow,
  folderId: number | null,
  originalIds: Map<number, number>,
  written: string[],
  toEnqueue: number[],
) {
  const prefix = newWigglePrefix(row.owner_id);
  for (const name of WIGGLE_FRAME_NAMES) {
    const to = wiggleFrameKey(prefix, name);
    written.push(to);
    await copyBlob(deps.blobs, wiggleFrameKey(row.blob_prefix, name), to);
  }
  // A copy of a wiggle still being made is made again on its own.
  const unfinished =
    row.create_status === 'New' || row.create_status === 'InProgress' || row.i_status === 'InProgress';
  const now = isoNow();
  const { id: _id, ...rest } = row;
  const copy = await insertWiggleCopy(deps.db, {
    ...rest,
    folder_id: folderId,
    left_original_id: row.left_original_id && (originalIds.get(row.left_original_id) ?? row.left_original_id),
    right_original_id:
      row.right_original_id && (originalIds.get(row.right_original_id) ?? row.right_original_id),
    blob_prefix: prefix,
    ...(unfinished ? { create_status: 'New', i_status: 'None', auto_align_status: 'None' } : {}),
    delete_status: DeleteStatus.Active,
    deleted_at: null,
    created_at: now,
    last_modified_at: now,
  });
  if (unfinished) toEnqueue.push(copy.id);
  return copy;
}

/**
 * Runs a copy in one transaction; on failure removes the files it wrote. Jobs for unfinished wiggle copies are
 * enqueued only after the commit (the job must see the row, and the SQLite connection is busy until then).
 */
async function withCleanup<T>(
  deps: LibraryDeps,
  work: (tx: LibraryDeps, written: string[], toEnqueue: number[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const toEnqueue: number[] = [];
  let result: T;
  try {
    result = await deps.db.transaction().execute((trx) => work({ ...deps, db: trx }, written, toEnqueue));
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.blobs.delete(key)));
    throw error;
  }
  if (toEnqueue.length > 0) await deps.remakeWiggles(toEnqueue);
  return result;
}

/** Every id must be an active item of the member (else NotFound with `message`); the rows by id. */
async function activeItemsById<T extends ItemTable>(
  db: LibraryDeps['db'],
  table: T,
  ownerId: number,
  ids: readonly number[],
  message: string,
): Promise<Map<number, ItemRow<T>>> {
  const rows = await findActiveItems(db, table, ownerId, ids);
  if (rows.length !== new Set(ids).size) throw new NotFound(message);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function copyOriginals(
  deps: LibraryDeps,
  ownerId: number,
  ids: readonly number[],
  folderId: number | null,
) {
  const byId = await activeItemsById(deps.db, 'originals', ownerId, ids, 'Original not found.');
  return withCleanup(deps, async (tx, written) => {
    const out: number[] = [];
    for (const id of ids) out.push((await copyOriginal(tx, byId.get(id)!, folderId, written)).id);
    return out;
  });
}

export async function copyWiggles(
  deps: LibraryDeps,
  ownerId: number,
  ids: readonly number[],
  folderId: number | null,
) {
  const byId = await activeItemsById(deps.db, 'wiggles', ownerId, ids, 'Wiggle not found.');
  return withCleanup(deps, async (tx, written, toEnqueue) => {
    const out: number[] = [];
    for (const id of ids) {
      out.push((await copyWiggle(tx, byId.get(id)!, folderId, new Map(), written, toEnqueue)).id);
    }
    return out;
  });
}

/**
 * Deep copy of folders with their active subfolders, originals and wiggles. Wiggles whose originals were
 * copied along point at the copies; others keep pointing at the originals they were made from.
 */
export async function copyFolders(
  deps: LibraryDeps,
  ownerId: number,
  ids: readonly number[],
  targetId: number | null,
) {
  const roots = await findFoldersByIds(deps.db, ownerId, ids);
  if (roots.length !== new Set(ids).size || roots.some((r) => r.delete_status !== DeleteStatus.Active)) {
    throw new NotFound('Folder not found.');
  }
  const nodes = await folderSkeleton(deps.db, ownerId);
  const names = new Map(
    (
      await findFoldersByIds(
        deps.db,
        ownerId,
        nodes.map((n) => n.id),
      )
    ).map((f) => [f.id, f.name]),
  );
  return withCleanup(deps, async (tx, written, toEnqueue) => {
    const out: number[] = [];
    for (const root of ids) {
      const tree = subtreeIds(nodes, root, (n) => n.delete_status === DeleteStatus.Active);
      const newIds = new Map<number, number>();
      const parentOf = new Map(nodes.map((n) => [n.id, n.parent_id]));
      for (const oldId of tree) {
        const parent = oldId === root ? targetId : newIds.get(parentOf.get(oldId)!)!;
        const copy = await insertFolder(tx.db, {
          ownerId,
          parentId: parent,
          name: names.get(oldId)!,
          createdAt: isoNow(),
        });
        newIds.set(oldId, copy.id);
      }
      const originalIds = new Map<number, number>();
      for (const original of await findItemsInFolders(tx.db, 'originals', ownerId, tree)) {
        const copy = await copyOriginal(tx, original, newIds.get(original.folder_id!)!, written);
        originalIds.set(original.id, copy.id);
      }
      for (const wiggle of await findItemsInFolders(tx.db, 'wiggles', ownerId, tree)) {
        await copyWiggle(tx, wiggle, newIds.get(wiggle.folder_id!)!, originalIds, written, toEnqueue);
      }
      out.push(newIds.get(root)!);
    }
    return out;
  });
}
