import { TIMING } from '@wiggle/common/constants';
import { AppInitState, LoadingState } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { create } from 'zustand';
import { ApiError, setApiToken, setSessionRejectedHandler } from '../lib/api-client';
import { endSession, refreshSession } from '../lib/session';
import { loadSavedToken, useAuthStore } from '../lib/stores/auth';
import { showSnackbar } from '../lib/stores/notification';
import { flushSettingsSave } from '../lib/stores/settings';
import { noteSignedOutReason } from '../lib/stores/signed-out-reason';

export const useAppInitStore = create<{ state: AppInitState }>()(() => ({ state: AppInitState.Boot }));

/** Store initialisation that must run before the first render (SPEC §4): the API client knows the saved token. */
export function initStores(): void {
  setApiToken(loadSavedToken());
  setSessionRejectedHandler((error) => {
    if (!useAuthStore.getState().token) return;
    noteSignedOutReason(error);
    endSession();
  });
  // The debounce must not swallow the last change when the tab closes.
  window.addEventListener('pagehide', () => void flushSettingsSave(true));
}

/** SPEC §4 Boot → Ready: restore the saved token and refresh the session. */
export async function initializeApp(): Promise<void> {
  const token = loadSavedToken();
  if (token) {
    useAuthStore.getState().setProgress(LoadingState.Loading);
    try {
      await refreshSession(token);
    } catch (error) {
      // A rejected token is gone for good; a network failure keeps it so the next visit can try again.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        noteSignedOutReason(error);
        endSession();
      } else {
        useAuthStore.getState().setProgress(LoadingState.Error);
        showSnackbar(Messages.generic, 'error');
      }
    }
  }
  useAppInitStore.setState({ state: AppInitState.Ready });
}

/** The router waits in 80 ms steps until initialisation is ready (SPEC §2). */
export function waitForAppReady(stepMs: number = TIMING.routerWaitStepMs): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (useAppInitStore.getState().state === AppInitState.Ready) resolve();
      else setTimeout(check, stepMs);
    };
    check();
  });
}
