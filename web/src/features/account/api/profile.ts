import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@wiggle/common/schemas/account';
import { api } from '../../../lib/api-client';

export const profileQueryKey = ['account', 'profile'] as const;

/** GET /account/profile. */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('account/profile');
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
}
