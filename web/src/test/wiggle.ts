import type { Wiggle } from '@wiggle/common/schemas/library';

/** A member's library wiggle that was created, aligned and interpolated; tests override what they are about. */
export function libraryWiggle(overrides: Partial<Wiggle> = {}): Wiggle {
  return {
    id: 7,
    folderId: null,
    name: 'quay',
    description: '',
    leftOriginalId: 1,
    rightOriginalId: 2,
    sourceType: 1,
    autoAlign: true,
    createStatus: 'Success',
    autoAlignStatus: 'Success',
    iStatus: 'Success',
    errorMessage: null,
    width: 640,
    height: 480,
    rating: 0,
    viewCount: 0,
    deleteStatus: 0,
    deletedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastModifiedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
