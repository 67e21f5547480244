import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';
import { flushSettingsSave } from '../../../lib/stores/settings';

/** GET /auth/logout, then forget the session locally even when the server cannot be reached (SPEC §4). */
export async function logout(): Promise<void> {
  // A preference changed in the last two seconds is still owed to the server while the token is valid.
  await flushSettingsSave();
  try {
    await api.get('auth/logout', { expectEmpty: true });
  } catch {
    // The local session ends regardless; the server-side token expires on its own.
  } finally {
    endSession();
  }
}
