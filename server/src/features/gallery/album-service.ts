import { DeleteStatus } from '@wiggle/common/enums';
import type { Album, CreateAlbumBody, UpdateAlbumBody } from '@wiggle/common/schemas/gallery';
import { isoNow, toDbBool } from '../../platform/db/columns';
import { BadRequest, NotFound } from '../../platform/errors';
import {
  findAlbum,
  insertAlbum,
  listAlbums,
  reparentAlbum,
  setAlbumsStatus,
  subtreeAlbumIds,
  updateAlbumFields,
} from './album-store';
import type { GalleryDeps } from './deps';
import { toAlbum } from './mappers';
import type { AlbumRow } from './tables';
import { listTopTrashedWiggles, setWigglesStatus } from './wiggle-store';

type Db = GalleryDeps['db'];

const ALBUM_NOT_FOUND = 'Album not found.';
const CYCLE_MESSAGE = 'An album cannot be moved into itself or one of its sub-albums.';

async function publicAlbumIds(db: Db, ownerId: number): Promise<Set<number>> {
  return new Set((await listAlbums(db, ownerId)).filter((a) => a.is_public === 1).map((a) => a.id));
}

async function albumOf(db: Db, ownerId: number, row: AlbumRow): Promise<Album> {
  return toAlbum(row, await publicAlbumIds(db, ownerId));
}

export async function listMemberAlbums(db: Db, ownerId: number): Promise<Album[]> {
  const rows = await listAlbums(db, ownerId);
  const publicIds = new Set(rows.filter((a) => a.is_public === 1).map((a) => a.id));
  return rows.map((row) => toAlbum(row, publicIds));
}

/** The member's active album, or NotFound (another member's id answers the same). */
export async function requireActiveAlbum(db: Db, ownerId: number, id: number): Promise<AlbumRow> {
  const album = await findAlbum(db, ownerId, id);
  if (!album || album.delete_status !== DeleteStatus.Active) throw new NotFound(ALBUM_NOT_FOUND);
  return album;
}

export async function oneAlbum(db: Db, ownerId: number, id: number): Promise<Album> {
  return albumOf(db, ownerId, await requireActiveAlbum(db, ownerId, id));
}

export async function createAlbum(db: Db, ownerId: number, body: CreateAlbumBody): Promise<Album> {
  const row = await db.transaction().execute(async (trx) => {
    const parent = body.parentId ? await requireActiveAlbum(trx, ownerId, body.parentId) : undefined;
    return insertAlbum(trx, {
      ownerId,
      parentId: parent?.id ?? null,
      parentPath: parent?.path ?? '/',
      name: body.name,
      isPublic: body.public ?? false,
      preventPublicListing: body.preventPublicListing ?? false,
      createdAt: isoNow(),
    });
  });
  return albumOf(db, ownerId, row);
}

/** Renames, moves (never into its own subtree) and sets the visibility flags of one album, all or nothing. */
export async function updateAlbum(
  db: Db,
  ownerId: number,
  id: number,
  body: UpdateAlbumBody,
): Promise<Album> {
  await db.transaction().execute(async (trx) => {
    const album = await requireActiveAlbum(trx, ownerId, id);
    if (body.parentId !== undefined && body.parentId !== album.parent_id) {
      const parent = body.parentId === null ? null : await requireActiveAlbum(trx, ownerId, body.parentId);
      if (parent?.path.startsWith(album.path)) {
        throw new BadRequest(CYCLE_MESSAGE, { parentId: CYCLE_MESSAGE });
      }
      await reparentAlbum(trx, ownerId, id, parent?.id ?? null, album.path, `${parent?.path ?? '/'}${id}/`);
    }
    await updateAlbumFields(trx, ownerId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.public !== undefined ? { is_public: toDbBool(body.public) } : {}),
      ...(body.preventPublicListing !== undefined
        ? { prevent_public_listing: toDbBool(body.preventPublicListing) }
        : {}),
    });
  });
  return oneAlbum(db, ownerId, id);
}

/** Moves albums under `targetId` (null = root), refusing a move into an album's own subtree. */
export async function moveAlbums(db: Db, ownerId: number, ids: readonly number[], targetId: number | null) {
  for (const id of ids) await updateAlbum(db, ownerId, id, { parentId: targetId });
  return [...ids];
}

/** Albums go to the trash with their sub-albums and all their wiggles, as library folders do. */
export async function trashAlbums(db: Db, ownerId: number, ids: readonly number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const now = isoNow();
    for (const id of ids) {
      const album = await requireActiveAlbum(trx, ownerId, id);
      const subtree = await subtreeAlbumIds(trx, ownerId, album.path);
      const active = (await listAlbums(trx, ownerId)).filter((a) => subtree.includes(a.id)).map((a) => a.id);
      await setAlbumsStatus(trx, ownerId, active, DeleteStatus.Trash, now);
      await setWigglesStatus(
        trx,
        ownerId,
        { albumIds: active },
        DeleteStatus.Active,
        DeleteStatus.Trash,
        now,
      );
    }
    return [...ids];
  });
}

/** Restores trashed albums with what went to the trash with them; an album whose parent is gone goes to the root. */
export async function restoreAlbums(db: Db, ownerId: number, ids: readonly number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const album = await findAlbum(trx, ownerId, id);
      if (!album || album.delete_status !== DeleteStatus.Trash) throw new NotFound(ALBUM_NOT_FOUND);
      const trashed = (await listAlbums(trx, ownerId, DeleteStatus.Trash)).filter(
        (a) => a.path.startsWith(album.path) && a.deleted_at === album.deleted_at,
      );
      const trashedIds = trashed.map((a) => a.id);
      await setAlbumsStatus(trx, ownerId, trashedIds, DeleteStatus.Active, null);
      await setWigglesStatus(
        trx,
        ownerId,
        { albumIds: trashedIds },
        DeleteStatus.Trash,
        DeleteStatus.Active,
        null,
      );
      const parent = album.parent_id === null ? undefined : await findAlbum(trx, ownerId, album.parent_id);
      if (album.parent_id !== null && parent?.delete_status !== DeleteStatus.Active) {
        await reparentAlbum(trx, ownerId, id, null, album.path, `/${id}/`);
      }
    }
    return [...ids];
  });
}

export async function listGalleryTrash(db: Db, ownerId: number) {
  const trashed = await listAlbums(db, ownerId, DeleteStatus.Trash);
  const trashedIds = new Set(trashed.map((a) => a.id));
  const top = trashed.filter((a) => a.parent_id === null || !trashedIds.has(a.parent_id));
  return {
    albums: top.map((row) => toAlbum(row, new Set())),
    wiggles: await listTopTrashedWiggles(db, ownerId),
  };
}
