/** Enumerations of SPEC.md §3 and §4 with their SPEC values. */

export const UserStatus = { Active: 1, Blocked: 2, Deleted: 3 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const AuthenticationStatus = { NotAuthenticated: 0, Authenticated: 1 } as const;
export type AuthenticationStatus = (typeof AuthenticationStatus)[keyof typeof AuthenticationStatus];

export const DeleteStatus = { Active: 0, Trash: 1, Expired: 2 } as const;
export type DeleteStatus = (typeof DeleteStatus)[keyof typeof DeleteStatus];

export const MoveType = { Folder: 1, Wiggle: 2, Original: 3 } as const;
export type MoveType = (typeof MoveType)[keyof typeof MoveType];

export const SourceType = { Pair: 1, SideBySide: 2 } as const;
export type SourceType = (typeof SourceType)[keyof typeof SourceType];

export const WiggleSide = { Left: 0, Right: 1 } as const;
export type WiggleSide = (typeof WiggleSide)[keyof typeof WiggleSide];

export const PlaybackMode = { Original: 2, Enhanced: 5 } as const;
export type PlaybackMode = (typeof PlaybackMode)[keyof typeof PlaybackMode];

export const ORIGINAL_SIZES = ['o', 'p', 't'] as const;
export type OriginalSize = (typeof ORIGINAL_SIZES)[number];
export const WIGGLE_SIZES = ['f', 't'] as const;
export type WiggleSize = (typeof WIGGLE_SIZES)[number];

export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const RESIZE_OPTIONS = ['keep', 'width', 'height'] as const;
export type ResizeOption = (typeof RESIZE_OPTIONS)[number];

export const PAIRINGS = ['adjacent', 'not-adjacent', 'all', 'asSideBySide', 'sideBySideOriginals'] as const;
export type Pairing = (typeof PAIRINGS)[number];

export const STACKINGS = ['standard', 'auto-align', 'both'] as const;
export type Stacking = (typeof STACKINGS)[number];

export const ORIGINAL_SORTS = ['name', 'date', 'width', 'height', 'resolution'] as const;
export type OriginalSort = (typeof ORIGINAL_SORTS)[number];
export const WIGGLE_SORTS = ['name', 'created', 'lastModified', 'rating'] as const;
export type WiggleSort = (typeof WIGGLE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const NEWSLETTER_TYPES = ['system', 'features', 'hints'] as const;
export type NewsletterType = (typeof NEWSLETTER_TYPES)[number];

export const CREATE_STATUSES = ['New', 'InProgress', 'Error', 'Success', 'TimeoutError'] as const;
export type CreateStatus = (typeof CREATE_STATUSES)[number];
export const INTERPOLATION_STATUSES = ['None', 'InProgress', 'Error', 'Success', 'TimeoutError'] as const;
export type InterpolationStatus = (typeof INTERPOLATION_STATUSES)[number];
export const AUTO_ALIGN_STATUSES = ['None', 'Success', 'Error'] as const;
export type AutoAlignStatus = (typeof AUTO_ALIGN_STATUSES)[number];

export const PURCHASE_TYPES = ['WelcomeGift', 'Coupon', 'SaferpayPayment'] as const;
export const PURCHASE_STATUSES = ['Failed', 'Pending', 'Success'] as const;
export const CREDIT_STATUSES = ['NotAvailable', 'Available', 'Drained', 'Expired'] as const;
export const COUPON_STATUSES = ['Active', 'Disabled', 'Empty'] as const;

/** SPEC §4: creation is complete when Error/TimeoutError, or Success with no interpolation pending. */
export function isWiggleCreationComplete(createStatus: CreateStatus, iStatus: InterpolationStatus): boolean {
  if (createStatus === 'Error' || createStatus === 'TimeoutError') return true;
  return createStatus === 'Success' && iStatus !== 'InProgress';
}

/** SPEC §4 generic loading states (also the authentication progress). */
export const LoadingState = { None: 'None', Loading: 'Loading', Error: 'Error', Success: 'Success' } as const;
export type LoadingState = (typeof LoadingState)[keyof typeof LoadingState];

/** SPEC §4 app initialisation: Boot until the saved session is restored, then Ready. */
export const AppInitState = { Boot: 'Boot', Ready: 'Ready' } as const;
export type AppInitState = (typeof AppInitState)[keyof typeof AppInitState];
