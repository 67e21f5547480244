import type { CreateWigglesResponse, UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import sharp from 'sharp';
import { wiggleFrameKey } from '../../features/library/item-keys';
import type { MatrixContext, MatrixRow, MatrixSetup, Role } from '../authorization-types';
import { bearer } from '../harness';
import { multipart } from './library-test-kit';

/** Library rows of the authorization matrix: another member's (or an admin's) id answers 404 like a missing one. */

interface LibraryFixtures {
  folderId: number;
  originalIds: [number, number, number];
  trashedOriginalId: number;
  wiggleId: number;
}

export const onlyOwner: Record<Role, number> = {
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
const adminOnly: Record<Role, number> = {
  visitor: 401,
  unverified: 403,
  verified: 403,
  other: 403,
  admin: 200,
};

const tinyJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 30 } } })
    .jpeg()
    .toBuffer();

async function uploadBody() {
  return multipart([{ name: 'file', value: await tinyJpeg(), filename: 'matrix.jpg' }]);
}

const fx = (context: MatrixContext) => context.fixtures.library as LibraryFixtures;

export const librarySetup: MatrixSetup = async ({ app, owner }) => {
  const auth = bearer(owner.token);
  const folder = await app.inject({
    method: 'POST',
    url: '/api/library/folders',
    headers: auth,
    payload: { name: 'Matrix folder' },
  });
  const body = multipart([
    { name: 'folderId', value: String(folder.json<{ id: number }>().id) },
    ...(await Promise.all(
      [1, 2, 3, 4].map(async (i) => ({ name: 'file', value: await tinyJpeg(), filename: `m${i}.jpg` })),
    )),
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/library/originals',
    headers: { ...body.headers, ...auth },
    payload: body.payload,
  });
  const ids = uploaded.json<UploadOriginalsResponse>().originals.map((o) => o.id);
  if (ids.length !== 4) throw new Error(`matrix setup: library upload failed ${uploaded.body}`);
  await app.inject({
    method: 'POST',
    url: '/api/library/delete',
    headers: auth,
    payload: { type: 3, ids: [ids[3]] },
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/library/wiggles',
    headers: auth,
    payload: {
      originalIds: [ids[0], ids[1]],
      stacking: 'standard',
      target: 'current',
      folderId: folder.json().id,
    },
  });
  const wiggle = created.json<CreateWigglesResponse>().wiggles[0];
  if (!wiggle) throw new Error(`matrix setup: wiggle creation failed ${created.body}`);
  // Frames as the creation job would store them, so media rows do not depend on the job running.
  const row = await app.platform.db
    .selectFrom('wiggles')
    .select('blob_prefix')
    .where('id', '=', wiggle.id)
    .executeTakeFirstOrThrow();
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .webp()
    .toBuffer();
  for (const name of ['left-f', 'left-t', 'right-f', 'right-t', '50-t'] as const) {
    await app.platform.blobs.put(wiggleFrameKey(row.blob_prefix, name), webp);
  }
  const library: LibraryFixtures = {
    folderId: folder.json<{ id: number }>().id,
    originalIds: [ids[0]!, ids[1]!, ids[2]!],
    trashedOriginalId: ids[3]!,
    wiggleId: wiggle.id,
  };
  return { library };
};

export const libraryRows: MatrixRow[] = [
  { route: 'GET /library/folders', expect: anyVerified },
  {
    route: 'POST /library/folders',
    request: () => ({ url: '/api/library/folders', payload: { name: 'New' } }),
    expect: anyVerified,
  },
  {
    route: 'PUT /library/folders/:id',
    request: (c) => ({ url: `/api/library/folders/${fx(c).folderId}`, payload: { name: 'Renamed' } }),
    expect: onlyOwner,
  },
  {
    route: 'PUT /library/originals/:id',
    request: (c) => ({ url: `/api/library/originals/${fx(c).originalIds[2]}`, payload: { name: 'Renamed' } }),
    expect: onlyOwner,
  },
  {
    route: 'PUT /library/wiggles/:id',
    request: (c) => ({ url: `/api/library/wiggles/${fx(c).wiggleId}`, payload: { name: 'Renamed' } }),
    expect: onlyOwner,
  },
  {
    route: 'GET /library/originals',
    request: (c) => ({ url: `/api/library/originals?folderId=${fx(c).folderId}` }),
    expect: onlyOwner,
  },
  {
    route: 'GET /library/wiggles',
    request: (c) => ({ url: `/api/library/wiggles?folderId=${fx(c).folderId}` }),
    expect: onlyOwner,
  },
  {
    route: 'GET /library/originals/:id',
    request: (c) => ({ url: `/api/library/originals/${fx(c).originalIds[0]}` }),
    expect: onlyOwner,
  },
  {
    route: 'GET /library/wiggles/:id',
    request: (c) => ({ url: `/api/library/wiggles/${fx(c).wiggleId}` }),
    expect: onlyOwner,
  },
  {
    route: 'POST /library/originals',
    request: async () => ({ url: '/api/library/originals', ...(await uploadBody()) }),
    expect: anyVerified,
  },
  {
    route: 'POST /library/wiggles',
    request: (c) => ({
      url: '/api/library/wiggles',
      payload: { originalIds: fx(c).originalIds.slice(0, 2), stacking: 'standard', target: 'current' },
    }),
    expect: onlyOwner,
  },
  // Foreign ids are simply absent from the answer (checked in the creation tests).
  {
    route: 'GET /library/wiggles/status',
    request: (c) => ({ url: `/api/library/wiggles/status?ids=${fx(c).wiggleId}` }),
    expect: anyVerified,
  },
  {
    route: 'POST /library/move',
    request: (c) => ({
      url: '/api/library/move',
      payload: { type: 3, ids: [fx(c).originalIds[2]], targetFolderId: null, copy: false },
    }),
    expect: onlyOwner,
  },
  {
    route: 'POST /library/rename',
    request: (c) => ({
      url: '/api/library/rename',
      payload: { type: 3, ids: fx(c).originalIds, template: 'Photo %index%' },
    }),
    expect: onlyOwner,
  },
  {
    route: 'POST /library/restore',
    request: (c) => ({ url: '/api/library/restore', payload: { type: 3, ids: [fx(c).trashedOriginalId] } }),
    expect: onlyOwner,
  },
  { route: 'GET /library/trash', expect: anyVerified },
  {
    route: 'GET /library/original/view/:file',
    request: (c) => ({ url: `/api/library/original/view/${fx(c).originalIds[0]}-t` }),
    expect: onlyOwner,
  },
  {
    route: 'GET /library/wiggle/:file',
    request: (c) => ({ url: `/api/library/wiggle/${fx(c).wiggleId}-left-t.webp` }),
    expect: onlyOwner,
  },
  {
    route: 'GET /library/wiggle/frame/:file',
    request: (c) => ({ url: `/api/library/wiggle/frame/${fx(c).wiggleId}-50-t.webp` }),
    expect: onlyOwner,
  },
  {
    route: 'POST /library/purge',
    request: () => ({ url: '/api/library/purge', payload: { olderThanDays: 3650 } }),
    expect: adminOnly,
  },
  // Last: it trashes the owner's third original.
  {
    route: 'POST /library/delete',
    request: (c) => ({ url: '/api/library/delete', payload: { type: 3, ids: [fx(c).originalIds[2]] } }),
    expect: onlyOwner,
  },
];
