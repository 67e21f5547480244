import { wiggleMediaUrl } from '@wiggle/common/schemas/library';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/api-client';
import { type GreyImage, toGrey } from './disparity';

export interface EditorViews {
  left: ImageBitmap;
  right: ImageBitmap;
  /** Grey copies at most GREY_MAX_SIDE wide, for the disparity at the pivot. */
  grey: { left: GreyImage; right: GreyImage; scale: number };
}

const GREY_MAX_SIDE = 1024;

async function bitmapOf(url: string): Promise<ImageBitmap> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}`);
  return createImageBitmap(await res.blob());
}

function greyOf(image: ImageBitmap, scale: number): GreyImage {
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(image, 0, 0, width, height);
  return toGrey(ctx.getImageData(0, 0, width, height).data, width, height);
}

/** The untuned working views of a wiggle (left-e, right-e), loaded once per wiggle. */
export function useEditorViews(wiggleId: number, ready: boolean) {
  const [state, setState] = useState<{ views?: EditorViews; error?: string }>({});
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    setState({});
    Promise.all([
      bitmapOf(apiUrl(wiggleMediaUrl(wiggleId, 'left', 'e'))),
      bitmapOf(apiUrl(wiggleMediaUrl(wiggleId, 'right', 'e'))),
    ])
      .then(([left, right]) => {
        const scale = Math.min(1, GREY_MAX_SIDE / Math.max(left.width, left.height));
        const grey = { left: greyOf(left, scale), right: greyOf(right, scale), scale };
        if (!cancelled) setState({ views: { left, right, grey } });
      })
      .catch((error: unknown) => !cancelled && setState({ error: String(error) }));
    return () => {
      cancelled = true;
    };
  }, [wiggleId, ready]);
  return state;
}
