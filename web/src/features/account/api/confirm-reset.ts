import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ConfirmResetInput {
  token: string;
  code: string;
  password: string;
}

/** POST /account/reset/confirm with the token and code of the mailed link. */
export async function confirmReset(input: ConfirmResetInput): Promise<void> {
  await api.post<unknown>('account/reset/confirm', input);
}

export function useConfirmReset() {
  return useMutation({ mutationFn: confirmReset });
}
