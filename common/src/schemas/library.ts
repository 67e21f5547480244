/**
 * Library API contract (SPEC §3-§9): folders, originals, wiggles, creation, move/copy, rename, trash.
 * The server validates and documents with these; the web Library screen types its calls with them.
 */
import { z } from 'zod';
import {
  RENAME_COUNTER_PLACEMENTS,
  RENAME_DIGIT_FORMATS,
  SUBFOLDER_NAME_TEMPLATES,
  UPLOAD_RESOLUTION_LIMITS,
  WIGGLE_CREATE_MAX_ORIGINALS,
  WIGGLE_CREATE_MAX_WIGGLES,
} from '../constants';
import {
  AUTO_ALIGN_STATUSES,
  CREATE_STATUSES,
  DeleteStatus,
  INTERPOLATION_STATUSES,
  MoveType,
  ORIGINAL_SORTS,
  PAIRINGS,
  SORT_ORDERS,
  SourceType,
  STACKINGS,
  WIGGLE_SORTS,
} from '../enums';
import { ID_DIGITS, ID_MAX, idNumber, idText, integerText } from './ids';
import { textField } from './text';

const id = idNumber();
/** A folder id, or null for the library root. */
const folderRef = idNumber('The folder id').nullable();
const isoDate = z.string();

export const ItemNameSchema = textField({ label: 'The name' });

export const DeleteStatusSchema = z.union([
  z.literal(DeleteStatus.Active),
  z.literal(DeleteStatus.Trash),
  z.literal(DeleteStatus.Expired),
]);
export const MoveTypeSchema = z.union([
  z.literal(MoveType.Folder),
  z.literal(MoveType.Wiggle),
  z.literal(MoveType.Original),
]);
export const SourceTypeSchema = z.union([z.literal(SourceType.Pair), z.literal(SourceType.SideBySide)]);

// ---- folders ----

export const FolderSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  deleteStatus: DeleteStatusSchema,
  deletedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type Folder = z.infer<typeof FolderSchema>;

/** GET /api/library/folders: the member's active folders as a flat list; the tree is built from parentId. */
export const FolderListResponseSchema = z.object({ folders: z.array(FolderSchema) });
export type FolderListResponse = z.infer<typeof FolderListResponseSchema>;

/** POST /api/library/folders */
export const CreateFolderBodySchema = z.object({ name: ItemNameSchema, parentId: folderRef.default(null) });
export type CreateFolderBody = z.input<typeof CreateFolderBodySchema>;

/** PUT /api/library/{folders|originals|wiggles}/{id}: rename one item. */
export const RenameBodySchema = z.object({ name: ItemNameSchema });
export type RenameBody = z.infer<typeof RenameBodySchema>;

// ---- originals ----

export const OriginalSchema = z.object({
  id: z.number().int(),
  folderId: z.number().int().nullable(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored original (`o`). */
  size: z.number().int(),
  format: z.string(),
  sourceType: SourceTypeSchema,
  deleteStatus: DeleteStatusSchema,
  deletedAt: isoDate.nullable(),
  uploadedAt: isoDate,
});
export type Original = z.infer<typeof OriginalSchema>;

/** Multipart fields of POST /api/library/originals besides the `file` parts. */
export const UploadFieldsSchema = z.object({
  folderId: idText('The folder id').optional(),
  resolutionLimit: integerText(z.number())
    .refine((v) => (UPLOAD_RESOLUTION_LIMITS as readonly number[]).includes(v), 'Unknown resolution limit.')
    .optional(),
  reencode: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const UploadErrorSchema = z.object({ name: z.string(), message: z.string() });
export const UploadOriginalsResponseSchema = z.object({
  originals: z.array(OriginalSchema),
  errors: z.array(UploadErrorSchema),
});
export type UploadOriginalsResponse = z.infer<typeof UploadOriginalsResponseSchema>;

// ---- wiggles ----

export const WiggleSchema = z.object({
  id: z.number().int(),
  folderId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  leftOriginalId: z.number().int().nullable(),
  rightOriginalId: z.number().int().nullable(),
  sourceType: SourceTypeSchema,
  autoAlign: z.boolean(),
  createStatus: z.enum(CREATE_STATUSES),
  autoAlignStatus: z.enum(AUTO_ALIGN_STATUSES),
  iStatus: z.enum(INTERPOLATION_STATUSES),
  errorMessage: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  rating: z.number().int(),
  viewCount: z.number().int(),
  deleteStatus: DeleteStatusSchema,
  deletedAt: isoDate.nullable(),
  createdAt: isoDate,
  lastModifiedAt: isoDate,
});
export type Wiggle = z.infer<typeof WiggleSchema>;

/** Where new wiggles go: a new subfolder of `folderId` named by `subfolderTemplate`, or `folderId` itself. */
export const CREATE_TARGETS = ['subfolder', 'current'] as const;
export type CreateTarget = (typeof CREATE_TARGETS)[number];

/**
 * POST /api/library/wiggles. Pairing of the selection in the given order:
 * adjacent (1,2),(3,4)...; not-adjacent pairs the first half with the second half (1,n/2+1),(2,n/2+2)...;
 * all = every unordered pair i<j; asSideBySide = each original is a side-by-side image, one wiggle each;
 * sideBySideOriginals = each side-by-side original is first split into new left/right originals, then paired.
 * Stacking "both" makes one standard and one auto-aligned wiggle per pair.
 */
export const CreateWigglesBodySchema = z.object({
  originalIds: z
    .array(id)
    .min(1, 'Select at least one original.')
    .max(WIGGLE_CREATE_MAX_ORIGINALS, `At most ${WIGGLE_CREATE_MAX_ORIGINALS} originals can be selected.`),
  pairing: z.enum(PAIRINGS).default('adjacent'),
  stacking: z.enum(STACKINGS).default('auto-align'),
  target: z.enum(CREATE_TARGETS).default('subfolder'),
  subfolderTemplate: z.enum(SUBFOLDER_NAME_TEMPLATES).default(SUBFOLDER_NAME_TEMPLATES[0]),
  folderId: folderRef.default(null),
});
export type CreateWigglesBody = z.input<typeof CreateWigglesBodySchema>;
export const CreateWigglesResponseSchema = z.object({
  wiggles: z.array(WiggleSchema),
  /** The subfolder created for them, when target is subfolder. */
  folder: FolderSchema.nullable(),
});
export type CreateWigglesResponse = z.infer<typeof CreateWigglesResponseSchema>;
export const TOO_MANY_WIGGLES_MESSAGE = `At most ${WIGGLE_CREATE_MAX_WIGGLES} wiggles can be created at once.`;

/** GET /api/library/wiggles/status?ids=1,2 */
export const WiggleStatusQuerySchema = z.object({
  ids: z
    .string()
    .regex(new RegExp(`^${ID_DIGITS}(,${ID_DIGITS}){0,999}$`), 'ids is a comma-separated list of ids.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((v) => v <= ID_MAX), 'ids is a comma-separated list of ids.'),
});
export const WiggleStatusSchema = z.object({
  id: z.number().int(),
  createStatus: z.enum(CREATE_STATUSES),
  autoAlignStatus: z.enum(AUTO_ALIGN_STATUSES),
  iStatus: z.enum(INTERPOLATION_STATUSES),
  errorMessage: z.string().nullable(),
});
export const WiggleStatusResponseSchema = z.array(WiggleStatusSchema);
export type WiggleStatus = z.infer<typeof WiggleStatusSchema>;

// ---- listing (keyset pagination) ----

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 500;

const listQueryBase = {
  /** Absent = the library root. */
  folderId: idText('The folder id').optional(),
  order: z.enum(SORT_ORDERS).default('asc'),
  search: textField({ label: 'The search', optional: true }).optional(),
  /** Opaque; the `nextCursor` of the previous page. */
  cursor: z.string().max(1000).optional(),
  limit: integerText(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(PAGE_SIZE_DEFAULT),
};
/** GET /api/library/originals — SPEC default: name ascending. */
export const ListOriginalsQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(ORIGINAL_SORTS).default('name'),
});
export type ListOriginalsQuery = z.input<typeof ListOriginalsQuerySchema>;
/** GET /api/library/wiggles — SPEC default: created ascending. */
export const ListWigglesQuerySchema = z.object({
  ...listQueryBase,
  sort: z.enum(WIGGLE_SORTS).default('created'),
});
export type ListWigglesQuery = z.input<typeof ListWigglesQuerySchema>;

export const OriginalPageSchema = z.object({
  items: z.array(OriginalSchema),
  nextCursor: z.string().nullable(),
});
export type OriginalPage = z.infer<typeof OriginalPageSchema>;
export const WigglePageSchema = z.object({ items: z.array(WiggleSchema), nextCursor: z.string().nullable() });
export type WigglePage = z.infer<typeof WigglePageSchema>;

// ---- move / copy / rename / trash ----

/**
 * POST /api/library/move. Moves (or copies, with `copy`) folders, wiggles or originals into `targetFolderId`
 * (null = root). A folder cannot move into itself or its own subtree. Copies duplicate their files.
 */
export const MoveBodySchema = z.object({
  type: MoveTypeSchema,
  ids: z.array(id).min(1).max(1000),
  targetFolderId: folderRef,
  copy: z.boolean().default(false),
});
export type MoveBody = z.input<typeof MoveBodySchema>;
/** The ids of the moved items, or of the new copies in the order of `ids`. */
export const MoveResponseSchema = z.object({ ids: z.array(z.number().int()) });

/** POST /api/library/rename: bulk rename with the template of common/src/rename-template.ts. */
export const BulkRenameBodySchema = z.object({
  type: MoveTypeSchema,
  ids: z.array(id).min(1).max(1000),
  template: textField({ label: 'The template', optional: true }),
  counter: z.enum(RENAME_COUNTER_PLACEMENTS).default('none'),
  digits: z
    .number()
    .int()
    .min(RENAME_DIGIT_FORMATS[0])
    .max(RENAME_DIGIT_FORMATS[RENAME_DIGIT_FORMATS.length - 1]!)
    .default(1),
  /** First index value (%index% and the counter count up from here in the order of `ids`). */
  start: z.number().int().min(0).max(1_000_000_000).default(1),
});
export type BulkRenameBody = z.input<typeof BulkRenameBodySchema>;
export const BulkRenameResponseSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** POST /api/library/delete (to trash) and POST /api/library/restore. */
export const TrashBodySchema = z.object({ type: MoveTypeSchema, ids: z.array(id).min(1).max(1000) });
export type TrashBody = z.infer<typeof TrashBodySchema>;
export const TrashResponseSchema = z.object({ ids: z.array(z.number().int()) });

/** GET /api/library/trash: top-level trashed items (contents of a trashed folder travel with it). */
export const TrashListResponseSchema = z.object({
  folders: z.array(FolderSchema),
  originals: z.array(OriginalSchema),
  wiggles: z.array(WiggleSchema),
});
export type TrashListResponse = z.infer<typeof TrashListResponseSchema>;

// ---- media ----

export const ORIGINAL_MEDIA_PATTERN = new RegExp(`^(${ID_DIGITS})-([opt])$`);
/** f full, t thumbnail, e the editor's view: the aligned working view before the member's tune. */
export const WIGGLE_MEDIA_PATTERN = new RegExp(`^(${ID_DIGITS})-(left|right)-([fte])\\.webp$`);
export const WIGGLE_FRAME_PATTERN = new RegExp(`^(${ID_DIGITS})-(25|50|75)-([ft])\\.webp$`);
export const MediaFileParamsSchema = z.object({ file: z.string().max(64) });

export const originalMediaUrl = (originalId: number, size: 'o' | 'p' | 't') =>
  `/api/library/original/view/${originalId}-${size}`;
export const wiggleMediaUrl = (wiggleId: number, side: 'left' | 'right', size: 'f' | 't' | 'e') =>
  `/api/library/wiggle/${wiggleId}-${side}-${size}.webp`;
export const wiggleFrameUrl = (wiggleId: number, position: 25 | 50 | 75, size: 'f' | 't') =>
  `/api/library/wiggle/frame/${wiggleId}-${position}-${size}.webp`;
