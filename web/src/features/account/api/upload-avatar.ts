import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/stores/auth';
import { profileQueryKey } from './profile';

/** POST /account/avatar (multipart `file`); answers the avatar's URL. Rejects with the bare HTTP status. */
export async function uploadAvatar(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.upload<{ avatar?: string | null } | null>('account/avatar', form);
  const avatar = answer?.avatar ?? null;
  const { details } = useAuthStore.getState();
  if (details) useAuthStore.getState().setDetails({ ...details, avatar });
  return avatar;
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => client.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
