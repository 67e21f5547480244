import { LoadingState } from '@wiggle/common/enums';
import type { AuthInfo, LoginInput } from '@wiggle/common/schemas/auth';
import { api } from '../../../lib/api-client';
import { applySession } from '../../../lib/session';
import { useAuthStore } from '../../../lib/stores/auth';

/** POST /auth/login; success signs the member in with the answered token and settings (SPEC §4). */
export async function login(input: LoginInput): Promise<AuthInfo> {
  useAuthStore.getState().setProgress(LoadingState.Loading);
  try {
    const info = await api.post<AuthInfo>('auth/login', input);
    applySession(info);
    return info;
  } catch (error) {
    useAuthStore.getState().setProgress(LoadingState.Error);
    throw error;
  }
}
