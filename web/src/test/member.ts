import { AppInitState } from '@wiggle/common/enums';
import type { AuthInfo } from '@wiggle/common/schemas/auth';
import { useAppInitStore } from '../app/init';
import { useAuthStore } from '../lib/stores/auth';

/** The login answer for Ann, a verified member who is not an admin; tests override what they are about. */
export function memberAuthInfo(overrides: Partial<AuthInfo> = {}): AuthInfo {
  return {
    token: 't',
    settings: '{}',
    username: 'ann@example.com',
    isVerifiedEmail: true,
    isAdmin: false,
    details: { name: 'Ann', avatar: null },
    ...overrides,
  };
}

/** The app has booted and Ann is signed in: what a member page rendered with `renderApp` needs. */
export function signInAsMember(overrides: Partial<AuthInfo> = {}) {
  useAppInitStore.setState({ state: AppInitState.Ready });
  useAuthStore.getState().setAuthInfo(memberAuthInfo(overrides));
}
