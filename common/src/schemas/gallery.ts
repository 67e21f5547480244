/**
 * Gallery API contract (SPEC §2, §3, §7): albums, gallery wiggles, share links, watermarks, feed and media URLs.
 * The server validates and documents with these; the web Gallery screen types its calls with them.
 */
import { z } from 'zod';
import { MoveType, SORT_ORDERS } from '../enums';
import { ID_DIGITS, idNumber, idText, integerText } from './ids';
import { DeleteStatusSchema, ItemNameSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './library';
import { textField } from './text';

const id = idNumber();
const isoDate = z.string();
/** An album id, or null for the gallery root. */
const albumRef = idNumber('The album id').nullable();

/** SPEC §3 Wiggle sort without rating: "the gallery has no rating". */
export const GALLERY_SORTS = ['name', 'created', 'lastModified'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

export const DESCRIPTION_MAX_LENGTH = 1000;
const WatermarkTextSchema = textField({ label: 'The watermark', optional: true });

// ---- albums ----

export const AlbumSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  public: z.boolean(),
  preventPublicListing: z.boolean(),
  /** An ancestor album is public, so this one is public too (SPEC §3 hasPublicParent). */
  hasPublicParent: z.boolean(),
  deleteStatus: DeleteStatusSchema,
  deletedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type Album = z.infer<typeof AlbumSchema>;
export const AlbumListResponseSchema = z.object({ albums: z.array(AlbumSchema) });
export type AlbumListResponse = z.infer<typeof AlbumListResponseSchema>;

/** POST /api/gallery/albums */
export const CreateAlbumBodySchema = z.object({
  name: ItemNameSchema,
  parentId: albumRef.default(null),
  public: z.boolean().default(false),
  preventPublicListing: z.boolean().default(false),
});
export type CreateAlbumBody = z.infer<typeof CreateAlbumBodySchema>;

/** PUT /api/gallery/albums/{id}: the fields to change; parentId moves the album (never into its own subtree). */
export const UpdateAlbumBodySchema = z
  .object({
    name: ItemNameSchema,
    parentId: albumRef,
    public: z.boolean(),
    preventPublicListing: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change.');
export type UpdateAlbumBody = z.infer<typeof UpdateAlbumBodySchema>;

// ---- gallery wiggles ----

export const GalleryWiggleSchema = z.object({
  id: z.number().int(),
  albumId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  createdAt: isoDate,
  lastModifiedAt: isoDate,
  rating: z.number().int(),
  viewCount: z.number().int(),
  promoted: z.boolean(),
  blocked: z.boolean(),
  allowShare: z.boolean(),
  allowLinkToAlbum: z.boolean(),
  showInFeed: z.boolean(),
  /** null = the member's default (account watermarks); '' = none. */
  iframeWatermark: z.string().nullable(),
  shareWatermark: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** The interpolated frames 25/50/75 exist (Enhanced playback and download). */
  hasInBetweens: z.boolean(),
  /** An MP4 of the wiggle is stored (made in the browser): served at galleryVideoUrl, carried by the public pages. */
  hasVideo: z.boolean(),
  deleteStatus: DeleteStatusSchema,
  deletedAt: isoDate.nullable(),
});
export type GalleryWiggle = z.infer<typeof GalleryWiggleSchema>;

/** PUT /api/gallery/wiggles/{id}: rename, describe and the member's visibility choices. */
export const UpdateGalleryWiggleBodySchema = z
  .object({
    name: ItemNameSchema,
    description: textField({
      label: 'The description',
      optional: true,
      multiline: true,
      max: DESCRIPTION_MAX_LENGTH,
    }),
    allowShare: z.boolean(),
    allowLinkToAlbum: z.boolean(),
    showInFeed: z.boolean(),
    iframeWatermark: WatermarkTextSchema.nullable(),
    shareWatermark: WatermarkTextSchema.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change.');
export type UpdateGalleryWiggleBody = z.infer<typeof UpdateGalleryWiggleBodySchema>;

/** GET /api/gallery/albums/{id}/wiggles and GET /api/gallery/wiggles (root): one keyset page. */
export const ListGalleryWigglesQuerySchema = z.object({
  sort: z.enum(GALLERY_SORTS).default('created'),
  order: z.enum(SORT_ORDERS).default('asc'),
  search: textField({ label: 'The search', optional: true }).optional(),
  cursor: z.string().max(1000).optional(),
  limit: integerText(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(PAGE_SIZE_DEFAULT),
});
export type ListGalleryWigglesQuery = z.infer<typeof ListGalleryWigglesQuerySchema>;
export const GalleryWigglePageSchema = z.object({
  items: z.array(GalleryWiggleSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryWigglePage = z.infer<typeof GalleryWigglePageSchema>;

/** POST /api/gallery/move: albums (type 1) or wiggles (type 2) into an album (null = root); copy for wiggles. */
export const GalleryMoveBodySchema = z.object({
  type: z.union([z.literal(MoveType.Folder), z.literal(MoveType.Wiggle)]),
  ids: z.array(id).min(1).max(1000),
  targetAlbumId: albumRef,
  copy: z.boolean().default(false),
});
export type GalleryMoveBody = z.infer<typeof GalleryMoveBodySchema>;
/** POST /api/gallery/delete and /api/gallery/restore. */
export const GalleryTrashBodySchema = z.object({
  type: z.union([z.literal(MoveType.Folder), z.literal(MoveType.Wiggle)]),
  ids: z.array(id).min(1).max(1000),
});
export type GalleryTrashBody = z.infer<typeof GalleryTrashBodySchema>;
export const GalleryIdsResponseSchema = z.object({ ids: z.array(z.number().int()) });
/** GET /api/gallery/trash: top-level trashed albums and wiggles (contents of a trashed album travel with it). */
export const GalleryTrashListResponseSchema = z.object({
  albums: z.array(AlbumSchema),
  wiggles: z.array(GalleryWiggleSchema),
});

// ---- share links ----

export const ShareLinkSchema = z.object({
  id: z.number().int(),
  wiggleId: z.number().int().nullable(),
  albumId: z.number().int().nullable(),
  name: z.string(),
  token: z.string(),
  /** The share-link page to hand out. */
  url: z.string(),
  isActive: z.boolean(),
  validUntil: isoDate,
  createdAt: isoDate,
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;
export const ShareLinkListResponseSchema = z.object({ links: z.array(ShareLinkSchema) });

const validUntil = z.iso
  .datetime({ offset: true, message: 'A valid date and time is required.' })
  .transform((text) => new Date(text).toISOString());

/** POST /api/gallery/share-links: a link to one wiggle or one album (with its sub-albums). */
export const CreateShareLinkBodySchema = z
  .object({
    wiggleId: id.optional(),
    albumId: id.optional(),
    name: ItemNameSchema,
    validUntil,
  })
  .refine((body) => (body.wiggleId === undefined) !== (body.albumId === undefined), {
    message: 'Give either wiggleId or albumId.',
    path: ['wiggleId'],
  })
  // A new link is born valid: a past date would create a link that shows nothing (a silent no-op). Re-dating an
  // existing link into the past (UpdateShareLinkBodySchema) stays allowed: it expires the link at once.
  .refine((body) => Date.parse(body.validUntil) > Date.now(), {
    message: 'The validity date must be in the future.',
    path: ['validUntil'],
  });
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBodySchema>;
/** PUT /api/gallery/share-links/{id}: rename, (de)activate, change validity. */
export const UpdateShareLinkBodySchema = z
  .object({ name: ItemNameSchema, isActive: z.boolean(), validUntil })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change.');
export type UpdateShareLinkBody = z.infer<typeof UpdateShareLinkBodySchema>;
export const ShareLinkListQuerySchema = z.object({
  wiggleId: idText('The wiggle id').optional(),
  albumId: idText('The album id').optional(),
});

// ---- watermarks (SPEC §3 profile: default watermarks for video, iframe and share) ----

export const WatermarksSchema = z.object({
  video: WatermarkTextSchema,
  iframe: WatermarkTextSchema,
  share: WatermarkTextSchema,
});
export type Watermarks = z.infer<typeof WatermarksSchema>;

// ---- feed (public) ----

export const FeedItemSchema = z.object({
  id: z.number().int(),
  albumId: z.number().int(),
  name: z.string(),
  description: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  promoted: z.boolean(),
  createdAt: isoDate,
  pageUrl: z.string(),
  imageUrl: z.string(),
});
export type FeedItem = z.infer<typeof FeedItemSchema>;
export const FeedQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: integerText(z.number().int().min(1).max(100)).default(24),
});
export const FeedPageSchema = z.object({ items: z.array(FeedItemSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof FeedPageSchema>;

// ---- media (SPEC §7, under /api) ----

export const GALLERY_IMAGE_PATTERN = new RegExp(`^(${ID_DIGITS})-(left|right)-([ft])\\.webp$`);
export const GALLERY_FRAME_PATTERN = new RegExp(`^(${ID_DIGITS})-(25|50|75)\\.webp$`);
export const GALLERY_DOWNLOAD_PATTERN = new RegExp(`^(${ID_DIGITS})-(original|enhanced)\\.zip$`);
export const GALLERY_ANIMATION_PATTERN = new RegExp(`^(${ID_DIGITS})\\.webp$`);
export type DownloadMode = 'original' | 'enhanced';

/**
 * How a media URL is asked for: `share` is a share-link token (its holder sees shared content without an account);
 * `watermark: 'iframe'` asks for the frames as an embed shows them, with the member's iframe watermark.
 */
export interface MediaAccess {
  share?: string | undefined;
  watermark?: 'iframe' | undefined;
}
export const WatermarkQuerySchema = z.object({
  share: z.string().max(100).optional(),
  wm: z.literal('iframe').optional(),
});
const withAccess = (url: string, access: MediaAccess = {}) => {
  const query = [
    ...(access.share ? [`share=${encodeURIComponent(access.share)}`] : []),
    ...(access.watermark ? [`wm=${access.watermark}`] : []),
  ];
  return query.length ? `${url}?${query.join('&')}` : url;
};
export const galleryImageUrl = (id: number, side: 'left' | 'right', size: 'f' | 't', access?: MediaAccess) =>
  withAccess(`/api/gallery/wiggle/image/${id}-${side}-${size}.webp`, access);
export const galleryFrameUrl = (id: number, position: 25 | 50 | 75, access?: MediaAccess) =>
  withAccess(`/api/gallery/wiggle/frame/${id}-${position}.webp`, access);
/** The whole wiggle as one animated WebP (link previews: Open Graph, Twitter cards). */
export const galleryAnimationUrl = (id: number, access?: MediaAccess) =>
  withAccess(`/api/gallery/wiggle/animated/${id}.webp`, access);
export const galleryDownloadUrl = (id: number, mode: DownloadMode, access?: MediaAccess) =>
  withAccess(`/api/gallery/wiggle/download/${id}-${mode}.zip`, access);

// ---- public pages ----

export const albumPageUrl = (albumId: number) => `/album/${albumId}`;
export const wigglePageUrl = (albumId: number, wiggleId: number) => `/album/${albumId}/${wiggleId}`;
export const shareLinkPageUrl = (token: string) => `/s/${token}`;
export const wiggleIframeUrl = (wiggleId: number) => `/iframe/w-${wiggleId}.html`;
export const albumIframeUrl = (albumId: number) => `/iframe/g-${albumId}.html`;
/** The embed code the Gallery screen copies: a responsive iframe. */
export const embedCode = (origin: string, path: string, title: string) =>
  `<iframe src="${origin}${path}" title="${title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}" style="width:100%;aspect-ratio:4/3;border:0" loading="lazy" allowfullscreen></iframe>`;
