/**
 * Admin content API contract (SPEC §2 admin wiggle, album and original pages; §3 Wiggle, Original, Album): gallery
 * wiggles, albums and originals across members with their owner, moderated from /admin/*. The web admin pages type
 * their calls with these, the server validates and documents with them.
 */
import { z } from 'zod';
import { adminPageLimit, adminSortFields } from './admin';
import { idNumber, idText } from './ids';

const strictId = idText();

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control and bidi-override characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const searchText = z
  .string()
  .max(200)
  .transform((s) => s.normalize('NFC').trim())
  .refine((s) => !CONTROL.test(s), { error: 'The text must not contain control characters.' })
  .optional();
const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const pageFields = {
  cursor: z.string().max(200).optional(),
  limit: adminPageLimit,
};

export const ownerSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });

/** SPEC §3 delete status: Active=0, Trash=1, Expired=2. */
const deleteStatus = z.number().int();

export const ADMIN_WIGGLE_SORTS = ['id', 'name', 'created', 'rating', 'views'] as const;
export type AdminWiggleSort = (typeof ADMIN_WIGGLE_SORTS)[number];
export const adminWigglesQuerySchema = z.object({
  ...adminSortFields(ADMIN_WIGGLE_SORTS, 'id'),
  /** Contained in the wiggle's name (case-insensitive, wildcards literal). */
  search: searchText,
  ownerId: strictId.optional(),
  albumId: strictId.optional(),
  blocked: flag,
  promoted: flag,
  ...pageFields,
});

export const WIGGLE_RATING_MAX = 5;
export const adminRatingSchema = z.object({ rating: z.number().int().min(0).max(WIGGLE_RATING_MAX) });

export const adminWiggleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  owner: ownerSchema,
  album: z.object({ id: z.number(), name: z.string() }).nullable(),
  deleteStatus,
  rating: z.number(),
  viewCount: z.number(),
  promoted: z.boolean(),
  blocked: z.boolean(),
  allowShare: z.boolean(),
  showInFeed: z.boolean(),
  width: z.number(),
  height: z.number(),
  created: z.string(),
  lastModified: z.string(),
});
export type AdminWiggle = z.infer<typeof adminWiggleSchema>;
export const adminWigglesPageSchema = z.object({
  items: z.array(adminWiggleSchema),
  nextCursor: z.string().nullable(),
});

export const ADMIN_WIGGLE_ACTIONS = ['block', 'unblock', 'promote', 'unpromote'] as const;
export type AdminWiggleAction = (typeof ADMIN_WIGGLE_ACTIONS)[number];

/** A gallery wiggle's frame the admin detail shows: left or right view, full (f) or thumbnail (t). */
export const adminWiggleFrameParamsSchema = z.object({
  id: strictId,
  frame: z.enum(['left-f', 'left-t', 'right-f', 'right-t']),
});

export const ADMIN_ALBUM_SORTS = ['id', 'name', 'created'] as const;
export type AdminAlbumSort = (typeof ADMIN_ALBUM_SORTS)[number];
export const adminAlbumsQuerySchema = z.object({
  ...adminSortFields(ADMIN_ALBUM_SORTS, 'id'),
  search: searchText,
  ownerId: strictId.optional(),
  public: flag,
  ...pageFields,
});

export const adminAlbumSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: ownerSchema,
  parentId: z.number().nullable(),
  isPublic: z.boolean(),
  hasPublicParent: z.boolean(),
  preventPublicListing: z.boolean(),
  deleteStatus,
  wiggleCount: z.number(),
  created: z.string(),
});
export type AdminAlbum = z.infer<typeof adminAlbumSchema>;
export const adminAlbumsPageSchema = z.object({
  items: z.array(adminAlbumSchema),
  nextCursor: z.string().nullable(),
});

export const ADMIN_ORIGINAL_SORTS = ['id', 'name', 'size', 'uploaded'] as const;
export type AdminOriginalSort = (typeof ADMIN_ORIGINAL_SORTS)[number];
export const adminOriginalsQuerySchema = z.object({
  ...adminSortFields(ADMIN_ORIGINAL_SORTS, 'id'),
  search: searchText,
  ownerId: strictId.optional(),
  ...pageFields,
});

export const adminOriginalSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: ownerSchema,
  folderId: z.number().nullable(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  /** The stored type of the `o` file (jpeg, png, webp...). */
  format: z.string(),
  deleteStatus,
  uploaded: z.string(),
});
export type AdminOriginal = z.infer<typeof adminOriginalSchema>;
export const adminOriginalsPageSchema = z.object({
  items: z.array(adminOriginalSchema),
  nextCursor: z.string().nullable(),
});

/** An original's file the admin detail shows: o (original), p (preview 720), t (thumbnail). */
export const adminOriginalViewParamsSchema = z.object({ id: strictId, size: z.enum(['o', 'p', 't']) });

/** Blocking or deleting another admin: asked by one admin, carried out when a different admin confirms. */
export const adminRequestSchema = z.object({
  id: z.number(),
  target: ownerSchema,
  action: z.enum(['block', 'delete']),
  requestedBy: ownerSchema,
  requested: z.string(),
  confirmedBy: ownerSchema.nullable(),
  confirmed: z.string().nullable(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;
export const adminRequestCreateSchema = z.object({
  userId: idNumber('The user id'),
  action: z.enum(['block', 'delete']),
});
export const adminRequestListSchema = z.object({ items: z.array(adminRequestSchema) });
