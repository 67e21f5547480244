import type { DeleteStatus } from '@wiggle/common/enums';
import type { Album, GalleryWiggle, ShareLink } from '@wiggle/common/schemas/gallery';
import { shareLinkPageUrl } from '@wiggle/common/schemas/gallery';
import { fromDbBool } from '../../platform/db/columns';
import type { AlbumRow, GalleryWiggleRow, ShareLinkRow } from './tables';

/** Ids on an album's path above itself ("/1/5/9/" → [1, 5]). */
export const ancestorIds = (path: string): number[] =>
  path.split('/').filter(Boolean).map(Number).slice(0, -1);

/** `publicIds`: ids of the member's public albums, to compute hasPublicParent from the path. */
export function toAlbum(row: AlbumRow, publicIds: ReadonlySet<number>): Album {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    public: fromDbBool(row.is_public),
    preventPublicListing: fromDbBool(row.prevent_public_listing),
    hasPublicParent: ancestorIds(row.path).some((id) => publicIds.has(id)),
    deleteStatus: row.delete_status as DeleteStatus,
    deletedAt: row.deleted_at,
    createdAt: row.created_at,
  };
}

export function toGalleryWiggle(row: GalleryWiggleRow): GalleryWiggle {
  return {
    id: row.id,
    albumId: row.album_id,
    name: row.name,
    description: row.description,
    createdAt: row.created_at,
    lastModifiedAt: row.last_modified_at,
    rating: row.rating,
    viewCount: Number(row.view_count),
    promoted: fromDbBool(row.promoted),
    blocked: fromDbBool(row.blocked),
    allowShare: fromDbBool(row.allow_share),
    allowLinkToAlbum: fromDbBool(row.allow_link_to_album),
    showInFeed: fromDbBool(row.show_in_feed),
    iframeWatermark: row.iframe_watermark,
    shareWatermark: row.share_watermark,
    width: row.width,
    height: row.height,
    hasInBetweens: fromDbBool(row.has_in_betweens),
    hasVideo: row.video_key !== null,
    deleteStatus: row.delete_status as DeleteStatus,
    deletedAt: row.deleted_at,
  };
}

export function toShareLink(row: ShareLinkRow, publicUrl: string): ShareLink {
  return {
    id: row.id,
    wiggleId: row.wiggle_id,
    albumId: row.album_id,
    name: row.name,
    token: row.token,
    url: `${publicUrl}${shareLinkPageUrl(row.token)}`,
    isActive: fromDbBool(row.is_active),
    validUntil: row.valid_until,
    createdAt: row.created_at,
  };
}
