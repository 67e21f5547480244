import { randomBytes } from 'node:crypto';
import sharp from '@wiggle/engine/sharp';
import type { Kysely } from 'kysely';
import type { Member } from '../../platform/auth/sessions';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import { NotFound, UnsupportedMediaType } from '../../platform/errors';
import { createAvatarStore } from './avatar-store';
import { avatarUrl } from './users-service';

export const AVATAR_SIZE = 256;
const AVATAR_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const avatarKey = (id: string) => `avatars/${id}.webp`;

/**
 * Avatars are stored in the blob store as avatars/{id}.webp under a random id, so an avatar URL neither reveals nor
 * enumerates member ids; a new upload gets a new id, which lets browsers cache each file for good.
 */
export function createAvatarService(db: Kysely<Database>, blobs: BlobStore) {
  const avatars = createAvatarStore(db);

  return {
    /** Square crop around the centre, at most 256 px, WebP; any image sharp can decode is accepted. */
    async upload(member: Member, image: Buffer): Promise<{ avatar: string }> {
      let webp: Buffer;
      try {
        webp = await sharp(image, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 85 })
          .toBuffer();
      } catch {
        throw new UnsupportedMediaType();
      }
      const id = randomBytes(16).toString('base64url');
      await blobs.put(avatarKey(id), webp, { contentType: 'image/webp' });
      const previousId = await avatars.currentAvatarId(member.id);
      await avatars.replaceAvatar(member.id, id, previousId);
      if (previousId) await blobs.delete(avatarKey(previousId));
      return { avatar: avatarUrl(id) ?? '' };
    },

    /** Blob key of the member's own avatar (admins: anyone's); a foreign or unknown id is 404 like a missing one. */
    async keyFor(member: Member, id: string): Promise<string> {
      if (!AVATAR_ID.test(id)) throw new NotFound();
      const row = await avatars.findAvatar(id, member.isAdmin ? null : member.id);
      if (!row) throw new NotFound();
      return avatarKey(row.id);
    },
  };
}
