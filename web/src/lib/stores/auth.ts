import { AuthenticationStatus, LoadingState } from '@wiggle/common/enums';
import type { AuthInfo } from '@wiggle/common/schemas/auth';
import { create } from 'zustand';
import { setApiToken } from '../api-client';
import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY } from '../config';

export interface AuthDetails {
  name: string;
  avatar: string | null;
}

export interface AuthState {
  status: AuthenticationStatus;
  progress: LoadingState;
  token: string | null;
  username: string | null;
  isVerifiedEmail: boolean;
  isAdmin: boolean;
  details: AuthDetails | null;
}

interface AuthActions {
  setProgress: (progress: LoadingState) => void;
  /** A successful login, refresh or registration: the member is signed in with this token. */
  setAuthInfo: (info: AuthInfo) => void;
  setVerifiedEmail: (isVerifiedEmail: boolean) => void;
  setDetails: (details: AuthDetails) => void;
  reset: () => void;
}

const signedOut: AuthState = {
  status: AuthenticationStatus.NotAuthenticated,
  progress: LoadingState.None,
  token: null,
  username: null,
  isVerifiedEmail: false,
  isAdmin: false,
  details: null,
};

export const useAuthStore = create<AuthState & AuthActions>()((set) => ({
  ...signedOut,
  setProgress: (progress) => set({ progress }),
  setAuthInfo: (info) => {
    saveToken(info.token);
    set({
      status: AuthenticationStatus.Authenticated,
      progress: LoadingState.Success,
      token: info.token,
      username: info.username,
      isVerifiedEmail: info.isVerifiedEmail,
      isAdmin: info.isAdmin,
      details: { name: info.details.name, avatar: info.details.avatar },
    });
  },
  setVerifiedEmail: (isVerifiedEmail) => set({ isVerifiedEmail }),
  setDetails: (details) => set({ details }),
  reset: () => {
    saveToken(null);
    set(signedOut);
  },
}));

/** The token survives reloads in localStorage and reaches media URLs (img src) through the cookie (SPEC §3). */
export function saveToken(token: string | null): void {
  setApiToken(token);
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode); the session then lasts as long as the page.
  }
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox, so one string it is.
  document.cookie = token
    ? `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; path=/; SameSite=Lax${secure}`
    : `${TOKEN_COOKIE_NAME}=; path=/; SameSite=Lax; Max-Age=0${secure}`;
}

export function loadSavedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const isAuthenticated = (state: AuthState) => state.status === AuthenticationStatus.Authenticated;
