import { randomBytes } from 'node:crypto';
import { DeleteStatus } from '@wiggle/common/enums';
import type { CreateShareLinkBody, ShareLink, UpdateShareLinkBody } from '@wiggle/common/schemas/gallery';
import { isoNow, toDbBool } from '../../platform/db/columns';
import { Conflict, NotFound } from '../../platform/errors';
import { requireActiveAlbum } from './album-service';
import type { GalleryDeps } from './deps';
import { toShareLink } from './mappers';
import { deleteShareLink, insertShareLink, listShareLinks, updateShareLink } from './share-link-store';
import { findGalleryWiggle } from './wiggle-store';

const LINK_NOT_FOUND = 'Share link not found.';
export const SHARING_DISALLOWED = 'Sharing is turned off for this wiggle.';

/** 192 random bits, URL-safe: unguessable, and short enough for a link. */
const newToken = () => randomBytes(24).toString('base64url');

async function requireShareableWiggle(deps: GalleryDeps, ownerId: number, id: number) {
  const wiggle = await findGalleryWiggle(deps.db, ownerId, id);
  if (!wiggle || wiggle.delete_status !== DeleteStatus.Active) throw new NotFound('Wiggle not found.');
  if (wiggle.allow_share !== 1) throw new Conflict(SHARING_DISALLOWED, { wiggleId: SHARING_DISALLOWED });
  return wiggle;
}

/** A new link to the member's wiggle or album (several per item are fine); active until `validUntil`. */
export async function createShareLink(
  deps: GalleryDeps,
  ownerId: number,
  body: CreateShareLinkBody,
): Promise<ShareLink> {
  if (body.wiggleId !== undefined) await requireShareableWiggle(deps, ownerId, body.wiggleId);
  if (body.albumId !== undefined) await requireActiveAlbum(deps.db, ownerId, body.albumId);
  const row = await insertShareLink(deps.db, {
    owner_id: ownerId,
    wiggle_id: body.wiggleId ?? null,
    album_id: body.albumId ?? null,
    name: body.name,
    token: newToken(),
    valid_until: body.validUntil,
    created_at: isoNow(),
  });
  return toShareLink(row, deps.publicUrl);
}

export async function listMemberShareLinks(
  deps: GalleryDeps,
  ownerId: number,
  target: { wiggleId?: number | undefined; albumId?: number | undefined },
): Promise<ShareLink[]> {
  const rows = await listShareLinks(deps.db, ownerId, {
    ...(target.wiggleId !== undefined ? { wiggleId: target.wiggleId } : {}),
    ...(target.albumId !== undefined ? { albumId: target.albumId } : {}),
  });
  return rows.map((row) => toShareLink(row, deps.publicUrl));
}

/** Rename, deactivate (or reactivate) and change the validity of one of the member's links. */
export async function updateMemberShareLink(
  deps: GalleryDeps,
  ownerId: number,
  id: number,
  body: UpdateShareLinkBody,
): Promise<ShareLink> {
  const row = await updateShareLink(deps.db, ownerId, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.isActive !== undefined ? { is_active: toDbBool(body.isActive) } : {}),
    ...(body.validUntil !== undefined ? { valid_until: body.validUntil } : {}),
  });
  if (!row) throw new NotFound(LINK_NOT_FOUND);
  return toShareLink(row, deps.publicUrl);
}

export async function deleteMemberShareLink(deps: GalleryDeps, ownerId: number, id: number): Promise<void> {
  if ((await deleteShareLink(deps.db, ownerId, id)) === 0) throw new NotFound(LINK_NOT_FOUND);
}
