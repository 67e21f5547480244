import { UserStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import { writeProcessLog } from '../../platform/jobs/process-log';
import { avatarKey } from '../account/avatars';

const BATCH = 50;

/** The blob prefixes a member's files live under (library originals and wiggles, gallery frames: see item-keys). */
const OWNER_PREFIXES = ['originals', 'wiggles', 'gallery'] as const;

/**
 * Members an admin deleted more than `olderThanDays` ago are removed for good (README `DELETED_MEMBER_PURGE_DAYS`):
 * their files first (originals, library wiggles, gallery frames, avatars), then the user row, whose foreign keys
 * cascade to every row they own (folders, originals, wiggles, albums, gallery wiggles, share links, exports,
 * purchases, ledger, sessions, support inquiries). Until then the rows stay, hidden (gallery access checks the
 * owner's status) and an undelete brings them back. Each purged member writes one process log.
 */
export async function purgeDeletedMembers(
  deps: { db: Kysely<Database>; blobs: BlobStore },
  olderThanDays: number,
  now = Date.now(),
): Promise<number> {
  const before = new Date(now - olderThanDays * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const members = await deps.db
      .selectFrom('users')
      .select(['id', 'email', 'deleted_at'])
      .where('status', '=', UserStatus.Deleted)
      .where('deleted_at', '<', before)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (members.length === 0) return purged;
    for (const member of members) {
      const started = new Date();
      const avatars = await deps.db
        .selectFrom('avatars')
        .select('id')
        .where('user_id', '=', member.id)
        .execute();
      for (const prefix of OWNER_PREFIXES) await deps.blobs.deletePrefix(`${prefix}/${member.id}/`);
      for (const avatar of avatars) await deps.blobs.delete(avatarKey(avatar.id));
      await deps.db.deleteFrom('users').where('id', '=', member.id).execute();
      await writeProcessLog(deps.db, {
        startedAt: started,
        durationMs: Date.now() - started.getTime(),
        memoryIncrease: 0,
        name: 'admin.purge-deleted-member',
        description: `purged ${member.email}, deleted ${member.deleted_at}`,
        result: 'ok',
        message: '',
        entity: { group: 'account', type: 'user', id: member.id },
      });
      purged += 1;
    }
  }
}
