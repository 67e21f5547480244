import { DeleteStatus } from '@wiggle/common/enums';
import type {
  GalleryWiggle,
  GalleryWigglePage,
  ListGalleryWigglesQuery,
  UpdateGalleryWiggleBody,
} from '@wiggle/common/schemas/gallery';
import { isoNow, toDbBool } from '../../platform/db/columns';
import { pageFromRows } from '../../platform/db/keyset-cursor';
import { decodeSortCursor, sortTag } from '../../platform/db/sorted-page';
import { NotFound } from '../../platform/errors';
import { requireActiveAlbum } from './album-service';
import type { GalleryDeps } from './deps';
import {
  GALLERY_FRAME_NAMES,
  type GalleryFrameName,
  galleryFrameKey,
  newGalleryPrefix,
  newVideoKey,
} from './frame-keys';
import { toGalleryWiggle } from './mappers';
import {
  countActiveGalleryWiggles,
  deleteGalleryWiggleRow,
  findActiveGalleryWiggles,
  findGalleryWiggle,
  GALLERY_SORT_COLUMN,
  insertGalleryWiggle,
  listOwnerWigglesPage,
  setWigglesAlbum,
  setWigglesStatus,
  updateGalleryWiggle,
  wigglesOutsideActiveAlbums,
} from './wiggle-store';

type Db = GalleryDeps['db'];
const WIGGLE_NOT_FOUND = 'Wiggle not found.';

/** A rendered view: the full frame and its 200x140 thumbnail, both WebP. */
export interface GalleryView {
  full: Buffer;
  thumb: Buffer;
}
/** What an export hands the gallery: the two views and, for Enhanced playback, the frames at 25, 50 and 75 %. */
export interface GalleryFrames {
  left: GalleryView;
  right: GalleryView;
  inBetweens?: [Buffer, Buffer, Buffer];
}
export interface GalleryWiggleMetadata {
  name: string;
  description?: string;
  width: number;
  height: number;
  allowShare?: boolean;
  allowLinkToAlbum?: boolean;
  showInFeed?: boolean;
  iframeWatermark?: string | null;
  shareWatermark?: string | null;
}

function frameFiles(frames: GalleryFrames): [GalleryFrameName, Buffer][] {
  const files: [GalleryFrameName, Buffer][] = [
    ['left-f', frames.left.full],
    ['left-t', frames.left.thumb],
    ['right-f', frames.right.full],
    ['right-t', frames.right.thumb],
  ];
  if (frames.inBetweens) {
    const [f25, f50, f75] = frames.inBetweens;
    files.push(['25-f', f25], ['50-f', f50], ['75-f', f75]);
  }
  return files;
}

/**
 * Puts a wiggle into the member's gallery (album null = root): its frames go to the blob store first, then the row;
 * if the row cannot be written the frames are removed again, so nothing is left half-made. The export and the
 * tests and seed call this.
 */
export async function createGalleryWiggle(
  deps: GalleryDeps,
  ownerId: number,
  albumId: number | null,
  frames: GalleryFrames,
  metadata: GalleryWiggleMetadata,
): Promise<GalleryWiggle> {
  if (albumId !== null) await requireActiveAlbum(deps.db, ownerId, albumId);
  const prefix = newGalleryPrefix(ownerId);
  try {
    for (const [name, bytes] of frameFiles(frames)) {
      await deps.blobs.put(galleryFrameKey(prefix, name), bytes, { contentType: 'image/webp' });
    }
    const now = isoNow();
    const row = await insertGalleryWiggle(deps.db, {
      owner_id: ownerId,
      album_id: albumId,
      name: metadata.name,
      description: metadata.description ?? '',
      promoted: 0,
      blocked: 0,
      allow_share: toDbBool(metadata.allowShare ?? true),
      allow_link_to_album: toDbBool(metadata.allowLinkToAlbum ?? true),
      show_in_feed: toDbBool(metadata.showInFeed ?? false),
      iframe_watermark: metadata.iframeWatermark ?? null,
      share_watermark: metadata.shareWatermark ?? null,
      width: metadata.width,
      height: metadata.height,
      has_in_betweens: toDbBool(frames.inBetweens !== undefined),
      blob_prefix: prefix,
      deleted_at: null,
      created_at: now,
      last_modified_at: now,
    });
    return toGalleryWiggle(row);
  } catch (error) {
    await deps.blobs.deletePrefix(`${prefix}/`);
    throw error;
  }
}

/**
 * Withdraws a wiggle `createGalleryWiggle` has just made (its export was cancelled meanwhile): the row goes first, so
 * nothing points at frames being removed, then the frames.
 */
export async function discardGalleryWiggle(deps: GalleryDeps, ownerId: number, id: number): Promise<void> {
  const prefix = await deleteGalleryWiggleRow(deps.db, ownerId, id);
  if (prefix) await deps.blobs.deletePrefix(`${prefix}/`);
}

export async function oneGalleryWiggle(db: Db, ownerId: number, id: number): Promise<GalleryWiggle> {
  const row = await findGalleryWiggle(db, ownerId, id);
  if (!row) throw new NotFound(WIGGLE_NOT_FOUND);
  return toGalleryWiggle(row);
}

/** One keyset page of an album's (null = root) wiggles for their owner; search by name, sort without rating. */
export async function pageOfGalleryWiggles(
  db: Db,
  ownerId: number,
  albumId: number | null,
  query: ListGalleryWigglesQuery,
): Promise<GalleryWigglePage> {
  if (albumId !== null) await requireActiveAlbum(db, ownerId, albumId);
  const column = GALLERY_SORT_COLUMN[query.sort];
  // Names and ISO dates: every gallery sort column holds text.
  const sort = { column, kind: 'text' } as const;
  const rows = await listOwnerWigglesPage(db, ownerId, {
    albumId,
    column,
    order: query.order,
    search: query.search?.trim() || undefined,
    after: decodeSortCursor(query.cursor, sort, query.order),
    limit: query.limit,
  });
  const page = pageFromRows(rows, query.limit, (row) => row[column], sortTag(sort, query.order));
  return { items: page.rows.map(toGalleryWiggle), nextCursor: page.nextCursor };
}

/** Rename, describe and the member's visibility and watermark choices. */
export async function updateGalleryWiggleFields(
  db: Db,
  ownerId: number,
  id: number,
  body: UpdateGalleryWiggleBody,
): Promise<GalleryWiggle> {
  const changed = await updateGalleryWiggle(db, ownerId, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.allowShare !== undefined ? { allow_share: toDbBool(body.allowShare) } : {}),
    ...(body.allowLinkToAlbum !== undefined ? { allow_link_to_album: toDbBool(body.allowLinkToAlbum) } : {}),
    ...(body.showInFeed !== undefined ? { show_in_feed: toDbBool(body.showInFeed) } : {}),
    ...(body.iframeWatermark !== undefined ? { iframe_watermark: body.iframeWatermark } : {}),
    ...(body.shareWatermark !== undefined ? { share_watermark: body.shareWatermark } : {}),
    last_modified_at: isoNow(),
  });
  if (changed === 0) throw new NotFound(WIGGLE_NOT_FOUND);
  return oneGalleryWiggle(db, ownerId, id);
}

async function requireActiveWiggles(db: Db, ownerId: number, ids: readonly number[]) {
  const rows = await findActiveGalleryWiggles(db, ownerId, ids);
  if (rows.length !== new Set(ids).size) throw new NotFound(WIGGLE_NOT_FOUND);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Moves wiggles into an album (null = root); with `copy`, duplicates them (frames included) and returns the copies. */
export async function moveOrCopyWiggles(
  deps: GalleryDeps,
  ownerId: number,
  ids: readonly number[],
  targetAlbumId: number | null,
  copy: boolean,
): Promise<number[]> {
  if (targetAlbumId !== null) await requireActiveAlbum(deps.db, ownerId, targetAlbumId);
  const rows = await requireActiveWiggles(deps.db, ownerId, ids);
  if (!copy) {
    await setWigglesAlbum(deps.db, ownerId, ids, targetAlbumId);
    return [...ids];
  }
  const copies: number[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) throw new NotFound(WIGGLE_NOT_FOUND);
    const prefix = newGalleryPrefix(ownerId);
    try {
      for (const name of GALLERY_FRAME_NAMES) {
        const source = galleryFrameKey(row.blob_prefix, name);
        if (!(await deps.blobs.stat(source))) continue;
        await deps.blobs.put(galleryFrameKey(prefix, name), await deps.blobs.get(source));
      }
      // The copy has its own video too, under its own prefix (a purge of either leaves the other's intact).
      const videoKey = row.video_key ? newVideoKey(prefix) : null;
      if (row.video_key && videoKey) {
        await deps.blobs.put(videoKey, await deps.blobs.get(row.video_key), { contentType: 'video/mp4' });
      }
      const { id: _id, rating: _r, view_count: _v, delete_status: _d, ...rest } = row;
      const now = isoNow();
      const created = await insertGalleryWiggle(deps.db, {
        ...rest,
        album_id: targetAlbumId,
        blob_prefix: prefix,
        video_key: videoKey,
        created_at: now,
        last_modified_at: now,
      });
      copies.push(created.id);
    } catch (error) {
      await deps.blobs.deletePrefix(`${prefix}/`);
      throw error;
    }
  }
  return copies;
}

export async function trashGalleryWiggles(db: Db, ownerId: number, ids: readonly number[]) {
  await requireActiveWiggles(db, ownerId, ids);
  await setWigglesStatus(db, ownerId, { ids }, DeleteStatus.Active, DeleteStatus.Trash, isoNow());
  return [...ids];
}

/** Restores trashed wiggles, all or none; a wiggle whose album is not active (still in the trash) comes back at the root, as the library's items do. */
export async function restoreGalleryWiggles(db: Db, ownerId: number, ids: readonly number[]) {
  return db.transaction().execute(async (trx) => {
    const restored = await setWigglesStatus(
      trx,
      ownerId,
      { ids },
      DeleteStatus.Trash,
      DeleteStatus.Active,
      null,
    );
    if (restored.length !== new Set(ids).size) throw new NotFound(WIGGLE_NOT_FOUND);
    await setWigglesAlbum(trx, ownerId, await wigglesOutsideActiveAlbums(trx, ownerId, restored), null);
    return [...ids];
  });
}

/** How many wiggles the member keeps in the gallery (not in the trash): the account's usage statistics. */
export const countGalleryWiggles = (db: Db, ownerId: number) => countActiveGalleryWiggles(db, ownerId);
