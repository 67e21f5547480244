import type { Impersonation } from '@wiggle/common/schemas/admin';
import { create } from 'zustand';
import { api } from './api-client';
import { DISABLE_REMOTE_SETTINGS_KEY, IMPERSONATION_STORAGE_KEY as STORAGE_KEY } from './config';
import { impersonate, refreshSession } from './session';
import { flushSettingsSave } from './stores/settings';

/** What the bar needs while an admin views a member's account; the admin's own token to return to. */
export interface ImpersonationState {
  adminToken: string;
  member: string;
}

function load(): ImpersonationState | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'adminToken' in parsed && 'member' in parsed) {
      const { adminToken, member } = parsed as Record<string, unknown>;
      if (typeof adminToken === 'string' && typeof member === 'string') return { adminToken, member };
    }
  } catch {
    // No storage: no impersonation survives a reload.
  }
  return null;
}

function save(state: ImpersonationState | null): void {
  try {
    if (state) localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Kept in memory only.
  }
  useImpersonationStore.setState({ current: state });
}

export const useImpersonationStore = create<{ current: ImpersonationState | null }>()(() => ({
  current: load(),
}));

/**
 * SPEC §4 impersonation: the admin's pending preferences are saved first, then the app continues with the member's
 * token (remote settings disabled); the admin's token is kept to come back. The caller then goes to /library/.
 */
export async function startImpersonation(userId: number, adminToken: string): Promise<void> {
  await flushSettingsSave();
  const answer = await api.post<Impersonation>(`admin/users/${userId}/impersonate`);
  await impersonate(answer.token);
  save({ adminToken, member: answer.username });
}

/** Ends the member's session on the server and continues as the admin again. */
export async function endImpersonation(): Promise<void> {
  const state = useImpersonationStore.getState().current;
  try {
    await api.get('auth/logout', { expectEmpty: true });
  } catch {
    // The impersonation session is short and expires on its own.
  }
  try {
    localStorage.removeItem(DISABLE_REMOTE_SETTINGS_KEY);
  } catch {
    // Nothing stored.
  }
  save(null);
  if (state) await refreshSession(state.adminToken);
}
