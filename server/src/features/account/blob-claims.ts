import type { BlobClaimSource } from '../../platform/blobs/storage-check';
import { avatarKey } from './avatars';

/** Each avatar row needs its image. */
export const accountBlobClaims: BlobClaimSource = async (db) => {
  const avatars = await db.selectFrom('avatars').select(['id', 'user_id']).execute();
  return {
    expected: avatars.map((a) => ({ key: avatarKey(a.id), owner: `avatar of member ${a.user_id}` })),
    prefixes: [],
  };
};
