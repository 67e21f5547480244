import type { CreateWigglesResponse, UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import sharp from 'sharp';
import type { MatrixContext, MatrixRow, MatrixSetup } from '../authorization-types';
import { bearer } from '../harness';
import { onlyOwner } from '../library/authorization-rows';
import { upload } from '../library/library-test-kit';

/** Rows of the tune API: a wiggle the creation job has finished (its row as the job leaves it). */

const tunedWiggleId = (context: MatrixContext) => context.fixtures.tunedWiggleId as number;

export const tuneSetup: MatrixSetup = async ({ app, owner }) => {
  const auth = bearer(owner.token);
  const jpeg = (g: number) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g, b: 90 } } })
      .jpeg()
      .toBuffer();
  const uploaded = await upload(app, owner.token, [
    { filename: 'tune-l.jpg', bytes: await jpeg(100) },
    { filename: 'tune-r.jpg', bytes: await jpeg(110) },
  ]);
  const originalIds = uploaded.json<UploadOriginalsResponse>().originals.map((o) => o.id);
  const created = await app.inject({
    method: 'POST',
    url: '/api/library/wiggles',
    headers: auth,
    payload: { originalIds, stacking: 'standard', target: 'current' },
  });
  const wiggle = created.json<CreateWigglesResponse>().wiggles[0];
  if (!wiggle) throw new Error(`matrix setup: wiggle creation failed ${created.body}`);
  await app.platform.db
    .updateTable('wiggles')
    .set({ create_status: 'Success', width: 320, height: 240, canvas: '{"width":320,"height":240}' })
    .where('id', '=', wiggle.id)
    .execute();
  return { tunedWiggleId: wiggle.id };
};

export const tuneRows: MatrixRow[] = [
  {
    route: 'GET /library/wiggles/:id/tune',
    request: (c) => ({ url: `/api/library/wiggles/${tunedWiggleId(c)}/tune` }),
    expect: onlyOwner,
  },
  {
    route: 'PUT /library/wiggles/:id/tune',
    request: (c) => ({
      url: `/api/library/wiggles/${tunedWiggleId(c)}/tune`,
      payload: { pivot: { x: 160, y: 120 }, aspectRatio: { ratio: '16:9' }, blur: 10 },
    }),
    expect: onlyOwner,
  },
];
