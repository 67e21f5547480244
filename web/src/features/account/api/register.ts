import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@wiggle/common/schemas/account';
import type { AuthInfo } from '@wiggle/common/schemas/auth';
import { api } from '../../../lib/api-client';
import { applySession } from '../../../lib/session';

/** POST /account/register: the member is signed in unverified and the code is mailed. */
export async function register(input: RegisterInput): Promise<AuthInfo> {
  const info = await api.post<AuthInfo>('account/register', input);
  applySession(info);
  return info;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
