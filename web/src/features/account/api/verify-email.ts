import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /account/verify. The caller marks the member verified once the welcome step is left (see register-page). */
export async function verifyEmail(code: string): Promise<void> {
  await api.post<unknown>('account/verify', { code: code.trim() });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
