import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Watermarks } from '@wiggle/common/schemas/gallery';
import { api } from '../../../lib/api-client';

const watermarksKey = ['account', 'watermarks'] as const;

/** GET /gallery/watermarks: the member's default watermarks for video, iframe and share ('' = none). */
export function useWatermarkDefaults() {
  return useQuery({ queryKey: watermarksKey, queryFn: () => api.get<Watermarks>('gallery/watermarks') });
}

/** PUT /gallery/watermarks */
export function useUpdateWatermarkDefaults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Watermarks) => api.put<Watermarks>('gallery/watermarks', body),
    onSuccess: (saved) => client.setQueryData(watermarksKey, saved),
  });
}
