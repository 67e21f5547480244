import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /account/verify/resend: mails a new 6-digit code. */
export async function resendVerification(): Promise<void> {
  await api.post<unknown>('account/verify/resend', {});
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
