import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWigglesBody, CreateWigglesResponse } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';
import { libraryQueryKey } from './folders';

/** POST /library/wiggles: each wiggle is then made by a background job; its status is polled. */
export function createWiggles(body: CreateWigglesBody): Promise<CreateWigglesResponse> {
  return api.post<CreateWigglesResponse>('library/wiggles', body);
}

export function useCreateWiggles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWiggles,
    onSuccess: () => client.invalidateQueries({ queryKey: libraryQueryKey }),
  });
}
