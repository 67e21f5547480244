import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DownloadMode, FeedPage } from '@wiggle/common/schemas/gallery';
import { galleryImageUrl, wigglePageUrl } from '@wiggle/common/schemas/gallery';
import { zipFrames } from '@wiggle/engine/encode/zip-frames';
import { isoNow } from '../../platform/db/columns';
import { decodeCursor, pageFromRows } from '../../platform/db/keyset-cursor';
import { NotFound } from '../../platform/errors';
import type { Viewer } from './access';
import type { GalleryDeps } from './deps';
import { type GalleryFrameName, galleryFrameKey } from './frame-keys';
import { findShareLinkByToken } from './share-link-store';
import type { GalleryWiggleRow } from './tables';
import { daySalt, recordViews } from './view-store';
import {
  findVisibleAlbum,
  findVisibleWiggle,
  findVisibleWiggleEmbed,
  listFeedPage,
  listVisibleSubAlbums,
  listVisibleWigglesInAlbum,
} from './visible-store';
import { animatedPreviewKey, watermarkedFrameKey } from './watermark-frames';
import { effectiveWatermark } from './watermark-service';

export type { Viewer } from './access';

/** What a visitor may see, always through the access module's conditions; anything else is NotFound. */

export type VisibleWiggle = GalleryWiggleRow & { is_public_view: number; album_name: string | null };

export async function visibleWiggle(deps: GalleryDeps, viewer: Viewer, id: number): Promise<VisibleWiggle> {
  const row = await findVisibleWiggle(deps.db, viewer, id, isoNow());
  if (!row) throw new NotFound('Wiggle not found.');
  return row;
}

/** The columns an iframe page shows of a visible wiggle (findVisibleWiggleEmbed). */
export type EmbeddedWiggle = Pick<
  VisibleWiggle,
  | 'id'
  | 'album_id'
  | 'owner_id'
  | 'name'
  | 'description'
  | 'width'
  | 'height'
  | 'has_in_betweens'
  | 'video_key'
  | 'is_public_view'
>;

/** visibleWiggle for an iframe page: only the columns it shows. */
export async function visibleWiggleEmbed(
  deps: GalleryDeps,
  viewer: Viewer,
  id: number,
): Promise<EmbeddedWiggle> {
  const row = await findVisibleWiggleEmbed(deps.db, viewer, id, isoNow());
  if (!row) throw new NotFound('Wiggle not found.');
  return row;
}

/** An album page's content: the album, its visible wiggles (at most `limit`) and its listed sub-albums. */
export async function visibleAlbum(deps: GalleryDeps, viewer: Viewer, id: number, limit = 200) {
  const now = isoNow();
  const album = await findVisibleAlbum(deps.db, viewer, id, now);
  if (!album) throw new NotFound('Album not found.');
  const [wiggles, subAlbums] = await Promise.all([
    listVisibleWigglesInAlbum(deps.db, viewer, id, now, limit),
    listVisibleSubAlbums(deps.db, viewer, id, now),
  ]);
  return { album, wiggles, subAlbums };
}

export type ShareLinkState =
  | { state: 'valid'; wiggleId: number | null; albumId: number | null }
  | { state: 'expired' }
  | { state: 'unknown' };

/** A token's link: valid (active, not past validUntil), expired (inactive or past it), or unknown. */
export async function shareLinkState(deps: GalleryDeps, token: string): Promise<ShareLinkState> {
  if (token.length > 100) return { state: 'unknown' };
  const link = await findShareLinkByToken(deps.db, token);
  if (!link) return { state: 'unknown' };
  if (link.is_active !== 1 || link.valid_until <= isoNow()) return { state: 'expired' };
  return { state: 'valid', wiggleId: link.wiggle_id, albumId: link.album_id };
}

/** The public feed: listed public wiggles with showInFeed, newest first, promoted ones marked. */
export async function feedPage(
  deps: GalleryDeps,
  cursor: string | undefined,
  limit: number,
): Promise<FeedPage> {
  const rows = await listFeedPage(deps.db, decodeCursor(cursor), limit);
  const page = pageFromRows(rows, limit, (row) => row.created_at);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      albumId: row.album_id ?? 0,
      name: row.name,
      description: row.description,
      width: row.width,
      height: row.height,
      promoted: row.promoted === 1,
      createdAt: row.created_at,
      pageUrl: wigglePageUrl(row.album_id ?? 0, row.id),
      imageUrl: galleryImageUrl(row.id, 'left', 't'),
    })),
    nextCursor: page.nextCursor,
  };
}

/** This process's memory, per database, of today's salt and of the visits it already counted (bounded). */
const recentViewsByDb = new WeakMap<object, { day: string; salt: string; seen: Set<string> }>();
const RECENT_VIEWS_MAX = 50_000;

/** Who looks at what: a page or embed shows these wiggles (one on a wiggle page, the grid on an album page). */
export interface ViewedWiggles {
  viewer: Viewer;
  wiggles: readonly { id: number; owner_id: number }[];
  address: string;
  userAgent: string;
}

/**
 * Counts a view once per visitor, wiggle and day: the visitor is sha256(day salt + address + user agent), the salt
 * random per day and deleted with it, so no address is stored and yesterday's hashes cannot be recomputed. Owners'
 * visits to their own wiggles and admins' visits do not count. A repeat visit this process has already counted costs
 * no database write. Answers the ids whose count rose.
 */
export async function countViews(deps: GalleryDeps, { viewer, wiggles, address, userAgent }: ViewedWiggles) {
  if (viewer.isAdmin) return [];
  const ids = wiggles.filter((w) => w.owner_id !== viewer.memberId).map((w) => w.id);
  if (ids.length === 0) return [];
  const day = isoNow().slice(0, 10);
  let recentViews = recentViewsByDb.get(deps.db);
  if (!recentViews) {
    recentViews = { day: '', salt: '', seen: new Set() };
    recentViewsByDb.set(deps.db, recentViews);
  }
  if (recentViews.day !== day) {
    recentViews.salt = await daySalt(deps.db, day);
    recentViews.day = day;
    recentViews.seen.clear();
  }
  const visitor = hash('sha256', `${recentViews.salt}\n${address}\n${userAgent}`, 'base64url');
  const seen = recentViews.seen;
  const fresh = ids.filter((id) => !seen.has(`${id}:${visitor}`));
  if (fresh.length === 0) return [];
  if (seen.size + fresh.length > RECENT_VIEWS_MAX) seen.clear();
  for (const id of fresh) seen.add(`${id}:${visitor}`);
  return recordViews(deps.db, fresh, day, visitor);
}

/**
 * Which watermark the viewer gets: the share watermark when only a share link opened the wiggle, the iframe
 * watermark when an embed asks for it; the text is the wiggle's own choice, else the member's default.
 */
async function watermarkFor(deps: GalleryDeps, viewer: Viewer, wiggle: VisibleWiggle, embed: boolean) {
  const sharedOnly = wiggle.is_public_view !== 1 && viewer.memberId !== wiggle.owner_id && !viewer.isAdmin;
  const use = sharedOnly ? 'share' : embed ? 'iframe' : null;
  return use ? effectiveWatermark(deps.db, wiggle, use) : '';
}

async function frameKey(deps: GalleryDeps, wiggle: VisibleWiggle, name: GalleryFrameName, watermark: string) {
  return watermark
    ? watermarkedFrameKey(deps.blobs, wiggle.blob_prefix, name, watermark)
    : galleryFrameKey(wiggle.blob_prefix, name);
}

/** The blob key of one frame of a wiggle the viewer may see (watermarked where due), and whether it is public. */
export async function visibleFrame(
  deps: GalleryDeps,
  viewer: Viewer,
  id: number,
  name: GalleryFrameName,
  embed = false,
) {
  const wiggle = await visibleWiggle(deps, viewer, id);
  if (name.startsWith('25') || name.startsWith('50') || name.startsWith('75')) {
    if (wiggle.has_in_betweens !== 1) throw new NotFound();
  }
  const watermark = await watermarkFor(deps, viewer, wiggle, embed);
  return { key: await frameKey(deps, wiggle, name, watermark), isPublic: wiggle.is_public_view === 1 };
}

/** The animated preview of a wiggle the viewer may see (watermarked as its frames would be), and whether public. */
export async function visibleAnimation(deps: GalleryDeps, viewer: Viewer, id: number) {
  const wiggle = await visibleWiggle(deps, viewer, id);
  const names: GalleryFrameName[] =
    wiggle.has_in_betweens === 1 ? ['left-f', '25-f', '50-f', '75-f', 'right-f'] : ['left-f', 'right-f'];
  const watermark = await watermarkFor(deps, viewer, wiggle, false);
  return {
    key: await animatedPreviewKey(deps.blobs, wiggle.blob_prefix, names, watermark),
    isPublic: wiggle.is_public_view === 1,
  };
}

/** The stored MP4 of a wiggle the viewer may see (404 when none was made), and whether it is public. */
export async function visibleVideo(deps: GalleryDeps, viewer: Viewer, id: number) {
  const wiggle = await visibleWiggle(deps, viewer, id);
  if (!wiggle.video_key) throw new NotFound();
  return { key: wiggle.video_key, isPublic: wiggle.is_public_view === 1 };
}

/** A zip of the wiggle's frames, streamed: original = the two views, enhanced = all five frames. */
export async function downloadZip(
  deps: GalleryDeps,
  viewer: Viewer,
  id: number,
  mode: DownloadMode,
): Promise<{ wiggle: VisibleWiggle; zip: Readable }> {
  const wiggle = await visibleWiggle(deps, viewer, id);
  if (mode === 'enhanced' && wiggle.has_in_betweens !== 1) throw new NotFound();
  const watermark = await watermarkFor(deps, viewer, wiggle, false);
  const names: [string, GalleryFrameName][] =
    mode === 'original'
      ? [
          ['1-left.webp', 'left-f'],
          ['2-right.webp', 'right-f'],
        ]
      : [
          ['1-left.webp', 'left-f'],
          ['2-25.webp', '25-f'],
          ['3-50.webp', '50-f'],
          ['4-75.webp', '75-f'],
          ['5-right.webp', 'right-f'],
        ];
  const zip = zipFrames(
    names.map(([entry, name]) => ({
      name: entry,
      open: async () => deps.blobs.get(await frameKey(deps, wiggle, name, watermark)),
    })),
    { mtime: new Date(wiggle.last_modified_at) },
  );
  return { wiggle, zip };
}

export type VisibleAlbum = Awaited<ReturnType<typeof visibleAlbum>>;
