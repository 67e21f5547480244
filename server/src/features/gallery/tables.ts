import type { Generated, Selectable } from 'kysely';

/**
 * Gallery tables (migration 0030-gallery). Cross-dialect like the library's: integer ids, ISO-8601 UTC TEXT
 * timestamps, booleans as 0/1 integers. Albums and gallery wiggles belong to one member (owner_id).
 */
export interface AlbumsTable {
  id: Generated<number>;
  owner_id: number;
  /** null = at the gallery root. */
  parent_id: number | null;
  /** "/1/5/9/": the ids from the root down to this album, itself included. */
  path: string;
  name: string;
  is_public: Generated<number>;
  prevent_public_listing: Generated<number>;
  /** SPEC delete status: Active 0, Trash 1, Expired 2. */
  delete_status: Generated<number>;
  deleted_at: string | null;
  created_at: string;
}

export interface GalleryWigglesTable {
  id: Generated<number>;
  owner_id: number;
  album_id: number | null;
  name: string;
  description: Generated<string>;
  rating: Generated<number>;
  view_count: Generated<number>;
  promoted: Generated<number>;
  blocked: Generated<number>;
  allow_share: Generated<number>;
  allow_link_to_album: Generated<number>;
  show_in_feed: Generated<number>;
  /** The wiggle's own watermark text; null = the member's default, '' = none. */
  iframe_watermark: string | null;
  share_watermark: string | null;
  width: number;
  height: number;
  /** 1 when the interpolated frames 25/50/75 exist (Enhanced playback). */
  has_in_betweens: Generated<number>;
  blob_prefix: string;
  /** The stored MP4 (under blob_prefix), null = no video yet. */
  video_key: Generated<string | null>;
  delete_status: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  last_modified_at: string;
}

export interface ShareLinksTable {
  id: Generated<number>;
  owner_id: number;
  /** Exactly one of wiggle_id and album_id is set. */
  wiggle_id: number | null;
  album_id: number | null;
  name: string;
  token: string;
  is_active: Generated<number>;
  valid_until: string;
  created_at: string;
}

export interface GalleryWatermarksTable {
  user_id: number;
  video: Generated<string>;
  iframe: Generated<string>;
  share: Generated<string>;
}

export interface GalleryViewsTable {
  wiggle_id: number;
  day: string;
  visitor: string;
}

export interface GalleryViewSaltsTable {
  day: string;
  salt: string;
}

export interface GalleryTables {
  albums: AlbumsTable;
  gallery_wiggles: GalleryWigglesTable;
  share_links: ShareLinksTable;
  gallery_watermarks: GalleryWatermarksTable;
  gallery_views: GalleryViewsTable;
  gallery_view_salts: GalleryViewSaltsTable;
}

export type AlbumRow = Selectable<AlbumsTable>;
export type GalleryWiggleRow = Selectable<GalleryWigglesTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
