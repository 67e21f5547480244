import type { AuthInfo } from '@wiggle/common/schemas/auth';
import { api } from './api-client';
import { DISABLE_REMOTE_SETTINGS_KEY, IMPERSONATION_STORAGE_KEY } from './config';
import { queryClient } from './query-client';
import { useAuthStore } from './stores/auth';
import { resetSettings, restoreSettings } from './stores/settings';

/** A session answer (login, refresh, register): sign in and restore the member's settings (SPEC §4). */
export function applySession(info: AuthInfo): void {
  restoreSettings(info.settings);
  useAuthStore.getState().setAuthInfo(info);
}

/** SPEC §4 logout: resets auth and settings and discards the other stores (the server-state cache). */
export function endSession(): void {
  useAuthStore.getState().reset();
  resetSettings();
  queryClient.clear();
  try {
    localStorage.removeItem(DISABLE_REMOTE_SETTINGS_KEY);
    localStorage.removeItem(IMPERSONATION_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** GET /auth/refresh with the saved token (or a given one) and sign in with the answer. */
export async function refreshSession(token?: string): Promise<AuthInfo> {
  const info = await api.get<AuthInfo>('auth/refresh', token ? { token } : {});
  applySession(info);
  return info;
}

/**
 * SPEC §4 impersonation (admin): continue with the given member's token, and keep the admin's view
 * preferences out of that member's account by disabling remote settings.
 */
export async function impersonate(token: string): Promise<void> {
  await refreshSession(token);
  try {
    localStorage.setItem(DISABLE_REMOTE_SETTINGS_KEY, '1');
  } catch {
    // Without storage the flag cannot persist; settings are then not saved at all (see saveSettingsNow).
  }
}
