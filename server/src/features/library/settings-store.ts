import { UPLOAD_RESOLUTION_LIMITS } from '@wiggle/common/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * The member's upload preferences from the stored user settings (SPEC §3: only non-default values are stored),
 * used when an upload does not send resolutionLimit / reencode itself. Keys are the web settings store's.
 */
export async function memberUploadDefaults(
  db: Kysely<Database>,
  ownerId: number,
): Promise<{ resolutionLimit?: number; reencode?: boolean }> {
  const row = await db.selectFrom('users').select('settings').where('id', '=', ownerId).executeTakeFirst();
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row?.settings ?? '{}');
    if (parsed && typeof parsed === 'object') settings = parsed as Record<string, unknown>;
  } catch {
    // Unreadable settings are the defaults.
  }
  const limit = settings.uploadResolutionLimit;
  const reencode = settings.uploadForceReencode;
  return {
    ...(typeof limit === 'number' && (UPLOAD_RESOLUTION_LIMITS as readonly number[]).includes(limit)
      ? { resolutionLimit: limit }
      : {}),
    ...(typeof reencode === 'boolean' ? { reencode } : {}),
  };
}
