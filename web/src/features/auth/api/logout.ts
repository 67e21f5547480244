import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** GET /auth/logout, then forget the session locally even when the server cannot be reached (SPEC §4). */
export async function logout(): Promise<void> {
  try {
    await api.get('auth/logout', { expectEmpty: true });
  } catch {
    // The local session ends regardless; the server-side token expires on its own.
  } finally {
    endSession();
  }
}
