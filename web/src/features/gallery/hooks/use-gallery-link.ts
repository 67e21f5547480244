import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getGalleryWiggle } from '../api/wiggles';

const ID = /^[1-9][0-9]{0,14}$/;

/**
 * `/gallery/?album={id}&wiggle={id}` (the editor's "Open in gallery" after an export) selects the album (empty = the
 * root) and opens the wiggle; the parameters are then dropped so a reload shows the gallery as the member left it.
 */
export function useGalleryLink(
  select: (albumId: number | null) => void,
  open: (wiggle: GalleryWiggle) => void,
) {
  const [params, setParams] = useSearchParams();
  const album = params.get('album');
  const wiggle = params.get('wiggle');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link, not when the callbacks change
  useEffect(() => {
    if (album === null && wiggle === null) return;
    if (album !== null) select(ID.test(album) ? Number(album) : null);
    if (wiggle !== null && ID.test(wiggle)) {
      getGalleryWiggle(Number(wiggle))
        .then(open)
        .catch(() => undefined);
    }
    setParams({}, { replace: true });
  }, [album, wiggle]);
}
