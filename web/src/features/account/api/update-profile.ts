import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateInput } from '@wiggle/common/schemas/account';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/stores/auth';
import { profileQueryKey } from './profile';

/** PUT /account/profile; the new name also shows in the account menu. */
export async function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  const profile = await api.put<Profile>('account/profile', input);
  const { details } = useAuthStore.getState();
  useAuthStore.getState().setDetails({ name: profile.name ?? input.name, avatar: details?.avatar ?? null });
  return profile;
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
