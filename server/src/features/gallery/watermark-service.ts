import type { Watermarks } from '@wiggle/common/schemas/gallery';
import type { GalleryDeps } from './deps';
import type { GalleryWiggleRow } from './tables';
import { findWatermarks, saveWatermarks } from './watermark-store';

type Db = GalleryDeps['db'];

export const memberWatermarks = (db: Db, userId: number) => findWatermarks(db, userId);

export async function setMemberWatermarks(db: Db, userId: number, values: Watermarks): Promise<Watermarks> {
  await saveWatermarks(db, userId, values);
  return values;
}

/** The watermark a wiggle shows where it is embedded or shared: its own choice, else the member's default. */
export async function effectiveWatermark(
  db: Db,
  wiggle: Pick<GalleryWiggleRow, 'owner_id' | 'iframe_watermark' | 'share_watermark'>,
  use: 'iframe' | 'share',
): Promise<string> {
  const own = use === 'iframe' ? wiggle.iframe_watermark : wiggle.share_watermark;
  if (own !== null) return own;
  return (await findWatermarks(db, wiggle.owner_id))[use];
}
