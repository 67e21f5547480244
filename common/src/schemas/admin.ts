/**
 * Admin API contract (SPEC §2 admin pages, §3 user list columns, support inquiry, process log; §4 admin user
 * actions): the server validates and documents with these, the web admin pages type their calls with them.
 */
import { z } from 'zod';
import { UserStatus } from '../enums';
import { authInfoSchema } from './auth';
import { idText, integerText } from './ids';

/** Ids in paths: strict decimal positive integers within the id columns ("1e3", "+1", "01", 2^31 are refused). */
export const adminIdParamsSchema = z.object({ id: idText() });

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control and bidi-override characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
/** A search or filter text: NFC, trimmed, no control or bidi-override characters; empty means none. */
const filterText = z
  .string()
  .max(200)
  .transform((s) => s.normalize('NFC').trim())
  .refine((s) => !CONTROL.test(s), { error: 'The text must not contain control characters.' })
  .optional();

export const ADMIN_PAGE_SIZE = 50;
/** Page size in a query: decimal digits only ("1e1", " 5", "0x10" are refused), 1 to 200. */
export const adminPageLimit = integerText(z.number().int().min(1).max(200)).default(ADMIN_PAGE_SIZE);

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `sort` and `order` of an admin list: only the list's whitelisted column names (each backed by an index on
 * (column, id), so a sorted page is a keyset range scan at any depth); anything else is a 400.
 */
export function adminSortFields<const Key extends string>(
  keys: readonly [Key, ...Key[]],
  defaultKey: NoInfer<Key>,
  defaultOrder: SortOrder = 'desc',
) {
  return {
    sort: z.enum(keys).default(defaultKey),
    order: z.enum(SORT_ORDERS).default(defaultOrder),
  };
}

export const ADMIN_USER_SORTS = ['id', 'email', 'name', 'created', 'status'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const adminUsersQuerySchema = z.object({
  ...adminSortFields(ADMIN_USER_SORTS, 'id'),
  search: filterText,
  status: z.enum(['1', '2', '3']).transform(Number).optional(),
  cursor: z.string().max(200).optional(),
  limit: adminPageLimit,
});

export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  status: z.union([
    z.literal(UserStatus.Active),
    z.literal(UserStatus.Blocked),
    z.literal(UserStatus.Deleted),
  ]),
  isAdmin: z.boolean(),
  isVerifiedEmail: z.boolean(),
  created: z.string(),
  originalsCount: z.number(),
  /** Bytes of the member's originals (trash included: it still takes the space). */
  originalsSize: z.number(),
  libraryWiggles: z.number(),
  galleryWiggles: z.number(),
  subscriptions: z.object({ features: z.boolean(), hints: z.boolean() }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

/** The login answer for the member, plus who is impersonated until when (SPEC §4). */
export const impersonationSchema = authInfoSchema.extend({
  impersonation: z.object({ userId: z.number(), adminId: z.number(), expires: z.string() }),
});
export type Impersonation = z.infer<typeof impersonationSchema>;

export const PROCESS_RESULTS = ['ok', 'error', 'timeout', 'interrupted'] as const;

export const processLogQuerySchema = z.object({
  result: z.enum(PROCESS_RESULTS).optional(),
  name: filterText,
  entityType: filterText,
  entityId: idText('The entity id').optional(),
  cursor: z.string().max(200).optional(),
  limit: adminPageLimit,
});

export const processLogSchema = z.object({
  id: z.number(),
  start: z.string(),
  durationMs: z.number(),
  memoryIncrease: z.number(),
  name: z.string(),
  description: z.string(),
  result: z.string(),
  message: z.string(),
  entityGroup: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.number().nullable(),
  adminId: z.number().nullable(),
});
export type ProcessLog = z.infer<typeof processLogSchema>;

export const processLogPageSchema = z.object({
  items: z.array(processLogSchema),
  nextCursor: z.string().nullable(),
});

export const supportListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: adminPageLimit,
});

export const adminInquirySchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  message: z.string(),
  sent: z.string(),
  read: z.string().nullable(),
  readBy: z.object({ id: z.number(), email: z.string() }).nullable(),
});
export type AdminInquiry = z.infer<typeof adminInquirySchema>;

export const adminInquiriesPageSchema = z.object({
  items: z.array(adminInquirySchema),
  nextCursor: z.string().nullable(),
});
