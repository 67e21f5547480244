import { createAlbum } from '../features/gallery/album-service';
import { createGalleryWiggle } from '../features/gallery/wiggle-service';
import type { MatrixContext, MatrixRow, MatrixSetup, Role } from './authorization-types';
import { galleryFrames, testGalleryDeps } from './gallery-fixtures';
import { createAdmin } from './harness';

/**
 * Admin content and second-admin rows: every /api/admin/{wiggles,albums,originals,requests} route answers 401 to
 * visitors and 403 to every member, verified or not, even the owner of the content; only an admin gets through.
 */
const adminOnly = (status = 200): Record<Role, number> => ({
  visitor: 401,
  unverified: 403,
  verified: 403,
  other: 403,
  admin: status,
});

interface ContentFixtures {
  wiggleId: number;
  albumId: number;
  originalId: number;
  /** An admin the matrix admin may ask to block; and a request by another admin the matrix admin confirms. */
  peerAdminId: number;
  requestId: number;
}

export const adminContentSetup: MatrixSetup = async ({ app, owner }) => {
  const db = app.platform.db;
  const album = await createAlbum(db, owner.id, {
    name: 'Admin matrix album',
    parentId: null,
    public: false,
    preventPublicListing: false,
  });
  const wiggle = await createGalleryWiggle(
    testGalleryDeps(app),
    owner.id,
    album.id,
    await galleryFrames(false),
    {
      name: 'Admin matrix wiggle',
      width: 64,
      height: 48,
    },
  );
  const prefix = `originals/${owner.id}/admin-matrix`;
  await app.platform.blobs.put(`${prefix}/p.jpg`, Buffer.from('preview'));
  const original = await db
    .insertInto('originals')
    .values({
      owner_id: owner.id,
      folder_id: null,
      name: 'Admin matrix original',
      width: 10,
      height: 10,
      pixels: 100,
      size: 7,
      format: 'jpeg',
      source_type: 1,
      blob_o: `${prefix}/o.jpg`,
      blob_p: `${prefix}/p.jpg`,
      blob_t: `${prefix}/t.jpg`,
      deleted_at: null,
      uploaded_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const asker = await createAdmin(app);
  const peer = await createAdmin(app);
  const target = await createAdmin(app);
  const request = await db
    .insertInto('admin_requests')
    .values({
      target_id: target.id,
      action: 'block',
      requested_by: asker.id,
      requested_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    adminContent: {
      wiggleId: wiggle.id,
      albumId: album.id,
      originalId: original.id,
      peerAdminId: peer.id,
      requestId: request.id,
    } satisfies ContentFixtures,
  };
};

const fixtures = (context: MatrixContext) => context.fixtures.adminContent as ContentFixtures;
const wiggleUrl = (context: MatrixContext, rest = '') =>
  `/api/admin/wiggles/${fixtures(context).wiggleId}${rest}`;

export const adminContentRows: MatrixRow[] = [
  {
    route: 'GET /admin/wiggles',
    request: () => ({ url: '/api/admin/wiggles?sort=rating&order=asc' }),
    expect: adminOnly(),
  },
  { route: 'GET /admin/wiggles/:id', request: (c) => ({ url: wiggleUrl(c) }), expect: adminOnly() },
  {
    route: 'GET /admin/wiggles/:id/frames/:frame',
    request: (c) => ({ url: wiggleUrl(c, '/frames/left-t') }),
    expect: adminOnly(),
  },
  ...(['block', 'unblock', 'promote', 'unpromote'] as const).map(
    (action): MatrixRow => ({
      route: `POST /admin/wiggles/:id/${action}`,
      request: (c) => ({ url: wiggleUrl(c, `/${action}`) }),
      expect: adminOnly(),
    }),
  ),
  {
    route: 'PUT /admin/wiggles/:id/rating',
    request: (c) => ({ url: wiggleUrl(c, '/rating'), payload: { rating: 3 } }),
    expect: adminOnly(),
  },
  {
    route: 'GET /admin/albums',
    request: () => ({ url: '/api/admin/albums?sort=name' }),
    expect: adminOnly(),
  },
  {
    route: 'GET /admin/albums/:id',
    request: (c) => ({ url: `/api/admin/albums/${fixtures(c).albumId}` }),
    expect: adminOnly(),
  },
  {
    route: 'GET /admin/originals',
    request: () => ({ url: '/api/admin/originals?sort=size' }),
    expect: adminOnly(),
  },
  {
    route: 'GET /admin/originals/:id',
    request: (c) => ({ url: `/api/admin/originals/${fixtures(c).originalId}` }),
    expect: adminOnly(),
  },
  {
    route: 'GET /admin/originals/:id/view/:size',
    request: (c) => ({ url: `/api/admin/originals/${fixtures(c).originalId}/view/p` }),
    expect: adminOnly(),
  },
  { route: 'GET /admin/requests', expect: adminOnly() },
  {
    route: 'POST /admin/requests',
    request: (c) => ({
      url: '/api/admin/requests',
      payload: { userId: fixtures(c).peerAdminId, action: 'delete' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /admin/requests/:id/confirm',
    request: (c) => ({ url: `/api/admin/requests/${fixtures(c).requestId}/confirm` }),
    expect: adminOnly(),
  },
];
