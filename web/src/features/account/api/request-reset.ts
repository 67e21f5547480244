import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /account/reset: the server answers the same whether or not the address is known. */
export async function requestReset(username: string): Promise<void> {
  await api.post<unknown>('account/reset', { username });
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
