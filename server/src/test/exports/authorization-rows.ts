import type { MatrixContext, MatrixRow, MatrixSetup } from '../authorization-types';
import { bearer } from '../harness';
import { onlyOwner } from '../library/authorization-rows';
import { giveRoll } from '../shop/shop-test-kit';
import { tuneSetup } from '../wiggles/tune-authorization-rows';

/**
 * Rows of the export API: a finished wiggle whose originals allow 800 px, a roll of that size (so the owner's export
 * is accepted, 202) and one export already started (its job does not run in the matrix app).
 */
const fx = (context: MatrixContext) => context.fixtures as { exportWiggleId: number; exportId: number };

export const exportSetup: MatrixSetup = async (context) => {
  const { app, owner } = context;
  const { tunedWiggleId } = (await tuneSetup(context)) as { tunedWiggleId: number };
  await app.platform.db
    .updateTable('wiggles')
    .set({ canvas: '{"width":1000,"height":750}' })
    .where('id', '=', tunedWiggleId)
    .execute();
  await giveRoll(app, owner.id, { credits: 20, maxResolution: 800 });
  const started = await app.inject({
    method: 'POST',
    url: `/api/library/wiggles/${tunedWiggleId}/export`,
    headers: bearer(owner.token),
    payload: exportBody,
  });
  if (started.statusCode !== 202) throw new Error(`matrix setup: export failed ${started.body}`);
  return { exportWiggleId: tunedWiggleId, exportId: started.json<{ exportId: number }>().exportId };
};

const exportBody = { albumId: null, size: 800, mode: 'original', orientation: 'landscape', padding: 0 };

export const exportRows: MatrixRow[] = [
  {
    route: 'POST /library/wiggles/:id/export',
    request: (c) => ({ url: `/api/library/wiggles/${fx(c).exportWiggleId}/export`, payload: exportBody }),
    expect: { ...onlyOwner, verified: 202 },
  },
  {
    route: 'GET /exports/:id',
    request: (c) => ({ url: `/api/exports/${fx(c).exportId}` }),
    expect: onlyOwner,
  },
];
