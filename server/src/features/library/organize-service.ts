import { MoveType } from '@wiggle/common/enums';
import { expandRenameTemplates, type RenameOptions } from '@wiggle/common/rename-template';
import { NotFound } from '../../platform/errors';
import { copyFolders, copyOriginals, copyWiggles } from './copy-service';
import type { LibraryDeps } from './deps';
import { moveFolders, requireActiveFolder } from './folder-service';
import { findFoldersByIds } from './folder-store';
import { findActiveItems, moveItems, ownedActiveIds, renameItem } from './item-store';
import { TABLE_OF_TYPE } from './trash-service';

/** SPEC move types: moves (or copies) folders, wiggles or originals into a folder (null = root). */
export async function moveOrCopy(
  deps: LibraryDeps,
  ownerId: number,
  request: { type: MoveType; ids: readonly number[]; targetFolderId: number | null; copy: boolean },
): Promise<number[]> {
  const ids = [...new Set(request.ids)];
  const target = await requireActiveFolder(deps.db, ownerId, request.targetFolderId);
  if (request.type === MoveType.Folder) {
    return request.copy
      ? copyFolders(deps, ownerId, ids, target)
      : moveFolders(deps.db, ownerId, ids, target);
  }
  if (request.copy) {
    return request.type === MoveType.Wiggle
      ? copyWiggles(deps, ownerId, ids, target)
      : copyOriginals(deps, ownerId, ids, target);
  }
  const table = request.type === MoveType.Wiggle ? 'wiggles' : 'originals';
  const owned = await ownedActiveIds(deps.db, ownerId, table, ids);
  if (owned.length !== ids.length) throw new NotFound();
  await moveItems(deps.db, ownerId, table, ids, target);
  return ids;
}

export async function renameOne(
  deps: LibraryDeps,
  ownerId: number,
  type: MoveType,
  id: number,
  name: string,
) {
  if ((await renameItem(deps.db, ownerId, TABLE_OF_TYPE[type], id, name)) === 0) throw new NotFound();
}

/**
 * Bulk rename in the order of `ids`. %original% is, for an original, its own upload name; for a wiggle, the
 * name of its left original; for a folder, its name.
 */
export async function renameMany(
  deps: LibraryDeps,
  ownerId: number,
  request: { type: MoveType; ids: readonly number[]; start: number } & RenameOptions,
): Promise<Array<{ id: number; name: string }>> {
  const ids = [...new Set(request.ids)];
  let subjects: Map<number, { current: string; original: string }>;
  if (request.type === MoveType.Original) {
    const rows = await findActiveItems(deps.db, 'originals', ownerId, ids);
    subjects = new Map(rows.map((r) => [r.id, { current: r.name, original: r.name }]));
  } else if (request.type === MoveType.Wiggle) {
    const rows = await findActiveItems(deps.db, 'wiggles', ownerId, ids);
    const sourceIds = rows.flatMap((r) => (r.left_original_id ? [r.left_original_id] : []));
    const sources = new Map(
      (await findActiveItems(deps.db, 'originals', ownerId, sourceIds)).map((o) => [o.id, o.name] as const),
    );
    subjects = new Map(
      rows.map((r) => [r.id, { current: r.name, original: sources.get(r.left_original_id ?? 0) ?? r.name }]),
    );
  } else {
    const rows = (await findFoldersByIds(deps.db, ownerId, ids)).filter((r) => r.delete_status === 0);
    subjects = new Map(rows.map((r) => [r.id, { current: r.name, original: r.name }]));
  }
  if (subjects.size !== ids.length) throw new NotFound();
  const names = expandRenameTemplates(
    request,
    ids.map((id) => subjects.get(id)!),
    request.start,
  );
  const table = TABLE_OF_TYPE[request.type];
  await deps.db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries()) await renameItem(trx, ownerId, table, id, names[i]!);
  });
  return ids.map((id, i) => ({ id, name: names[i]! }));
}
