import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
}

/** POST /account/password: needs the current password. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post<unknown>('account/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
