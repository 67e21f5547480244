import { createAlbum } from '../features/gallery/album-service';
import { createShareLink } from '../features/gallery/share-link-service';
import { createGalleryWiggle } from '../features/gallery/wiggle-service';
import type { MatrixContext, MatrixRow, MatrixSetup, Role } from './authorization-types';
import { galleryFrames, testGalleryDeps } from './gallery-fixtures';
import { h264Mp4, multipartFile } from './video-fixtures';

/**
 * Gallery rows of the authorization matrix (every /api route): the member's own gallery answers 404 to anyone else;
 * private media too (the whole visibility matrix lives in features/gallery/access-matrix.test.ts).
 */
interface GalleryFixtures {
  albumId: number;
  publicAlbumId: number;
  wiggleId: number;
  publicWiggleId: number;
  trashedWiggleId: number;
  linkId: number;
  doomedLinkId: number;
}

const onlyOwner: Record<Role, number> = {
  visitor: 401,
  unverified: 403,
  verified: 200,
  other: 404,
  admin: 404,
};
const anyVerified: Record<Role, number> = {
  visitor: 401,
  unverified: 403,
  verified: 200,
  other: 200,
  admin: 200,
};
/** A private wiggle's media: its owner, and admins for moderation (the gallery access module). */
const privateMedia: Record<Role, number> = {
  visitor: 404,
  unverified: 404,
  verified: 200,
  other: 404,
  admin: 200,
};
const everyone: Record<Role, number> = {
  visitor: 200,
  unverified: 200,
  verified: 200,
  other: 200,
  admin: 200,
};

const fx = (c: MatrixContext) => c.fixtures.gallery as GalleryFixtures;

export const gallerySetup: MatrixSetup = async ({ app, owner }) => {
  const deps = testGalleryDeps(app);
  const db = app.platform.db;
  const album = await createAlbum(db, owner.id, {
    name: 'Matrix album',
    parentId: null,
    public: false,
    preventPublicListing: false,
  });
  const publicAlbum = await createAlbum(db, owner.id, {
    name: 'Matrix public',
    parentId: null,
    public: true,
    preventPublicListing: false,
  });
  const make = async (albumId: number) =>
    (
      await createGalleryWiggle(deps, owner.id, albumId, await galleryFrames(), {
        name: 'Matrix wiggle',
        width: 64,
        height: 48,
      })
    ).id;
  const wiggleId = await make(album.id);
  const publicWiggleId = await make(publicAlbum.id);
  const trashedWiggleId = await make(album.id);
  await db
    .updateTable('gallery_wiggles')
    .set({ delete_status: 1, deleted_at: new Date().toISOString() })
    .where('id', '=', trashedWiggleId)
    .execute();
  const video = multipartFile('file', await h264Mp4());
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/gallery/wiggles/${wiggleId}/video`,
    headers: { ...video.headers, authorization: `Bearer ${owner.token}` },
    payload: video.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`matrix setup: video upload failed ${uploaded.body}`);
  const validUntil = new Date(Date.now() + 86_400_000).toISOString();
  const link = await createShareLink(deps, owner.id, { wiggleId, name: 'Matrix link', validUntil });
  const doomed = await createShareLink(deps, owner.id, { wiggleId, name: 'Doomed link', validUntil });
  const gallery: GalleryFixtures = {
    albumId: album.id,
    publicAlbumId: publicAlbum.id,
    wiggleId,
    publicWiggleId,
    trashedWiggleId,
    linkId: link.id,
    doomedLinkId: doomed.id,
  };
  return { gallery };
};

export const galleryRows: MatrixRow[] = [
  { route: 'GET /gallery/albums', expect: anyVerified },
  {
    route: 'POST /gallery/albums',
    request: () => ({ url: '/api/gallery/albums', payload: { name: 'New album' } }),
    expect: anyVerified,
  },
  {
    route: 'GET /gallery/albums/:id',
    request: (c) => ({ url: `/api/gallery/albums/${fx(c).albumId}` }),
    expect: onlyOwner,
  },
  {
    route: 'PUT /gallery/albums/:id',
    request: (c) => ({ url: `/api/gallery/albums/${fx(c).albumId}`, payload: { name: 'Renamed' } }),
    expect: onlyOwner,
  },
  {
    route: 'GET /gallery/albums/:id/wiggles',
    request: (c) => ({ url: `/api/gallery/albums/${fx(c).albumId}/wiggles` }),
    expect: onlyOwner,
  },
  { route: 'GET /gallery/wiggles', expect: anyVerified },
  {
    route: 'GET /gallery/wiggles/:id',
    request: (c) => ({ url: `/api/gallery/wiggles/${fx(c).wiggleId}` }),
    expect: onlyOwner,
  },
  {
    route: 'PUT /gallery/wiggles/:id',
    request: (c) => ({
      url: `/api/gallery/wiggles/${fx(c).wiggleId}`,
      payload: { description: 'Described' },
    }),
    expect: onlyOwner,
  },
  {
    route: 'POST /gallery/move',
    request: (c) => ({
      url: '/api/gallery/move',
      payload: { type: 2, ids: [fx(c).wiggleId], targetAlbumId: fx(c).albumId, copy: false },
    }),
    expect: onlyOwner,
  },
  {
    route: 'POST /gallery/restore',
    request: (c) => ({ url: '/api/gallery/restore', payload: { type: 2, ids: [fx(c).trashedWiggleId] } }),
    expect: onlyOwner,
  },
  {
    route: 'POST /gallery/delete',
    request: (c) => ({ url: '/api/gallery/delete', payload: { type: 2, ids: [fx(c).trashedWiggleId] } }),
    expect: onlyOwner,
  },
  { route: 'GET /gallery/trash', expect: anyVerified },
  { route: 'GET /gallery/watermarks', expect: anyVerified },
  {
    route: 'PUT /gallery/watermarks',
    request: () => ({
      url: '/api/gallery/watermarks',
      payload: { video: '', iframe: '© Matrix', share: '' },
    }),
    expect: anyVerified,
  },
  {
    route: 'GET /gallery/share-links',
    request: (c) => ({ url: `/api/gallery/share-links?wiggleId=${fx(c).wiggleId}` }),
    expect: anyVerified,
  },
  {
    route: 'POST /gallery/share-links',
    request: (c) => ({
      url: '/api/gallery/share-links',
      payload: {
        wiggleId: fx(c).wiggleId,
        name: 'New link',
        validUntil: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
    expect: onlyOwner,
  },
  {
    route: 'PUT /gallery/share-links/:id',
    request: (c) => ({ url: `/api/gallery/share-links/${fx(c).linkId}`, payload: { name: 'Renamed link' } }),
    expect: onlyOwner,
  },
  // The owner deletes it; a second call would be 404 like the others', which the owner's single call never sees.
  {
    route: 'DELETE /gallery/share-links/:id',
    request: (c) => ({ url: `/api/gallery/share-links/${fx(c).doomedLinkId}` }),
    expect: onlyOwner,
  },
  {
    route: 'GET /gallery/wiggle/image/:file',
    request: (c) => ({ url: `/api/gallery/wiggle/image/${fx(c).wiggleId}-left-t.webp` }),
    expect: privateMedia,
  },
  {
    route: 'GET /gallery/wiggle/frame/:file',
    request: (c) => ({ url: `/api/gallery/wiggle/frame/${fx(c).wiggleId}-25.webp` }),
    expect: privateMedia,
  },
  {
    route: 'GET /gallery/wiggle/animated/:file',
    request: (c) => ({ url: `/api/gallery/wiggle/animated/${fx(c).wiggleId}.webp` }),
    expect: privateMedia,
  },
  {
    route: 'GET /gallery/wiggles/:id/video-frames/:position',
    request: (c) => ({ url: `/api/gallery/wiggles/${fx(c).wiggleId}/video-frames/left` }),
    expect: onlyOwner,
  },
  {
    route: 'POST /gallery/wiggles/:id/video',
    request: async (c) => ({
      url: `/api/gallery/wiggles/${fx(c).wiggleId}/video`,
      ...multipartFile('file', await h264Mp4()),
    }),
    expect: onlyOwner,
  },
  {
    route: 'GET /gallery/wiggle/video/:file',
    request: (c) => ({ url: `/api/gallery/wiggle/video/${fx(c).wiggleId}.mp4` }),
    expect: privateMedia,
  },
  {
    route: 'GET /gallery/wiggle/download/:file',
    request: (c) => ({ url: `/api/gallery/wiggle/download/${fx(c).wiggleId}-original.zip` }),
    expect: privateMedia,
  },
  { route: 'GET /gallery/feed', expect: everyone },
  {
    route: 'GET /oembed',
    request: (c) => ({
      url: `/api/oembed?url=${encodeURIComponent(`http://wiggle.test/album/${fx(c).publicAlbumId}/${fx(c).publicWiggleId}`)}`,
    }),
    expect: everyone,
  },
];
