/**
 * Creation: wall time from POST /api/library/wiggles to createStatus Success and to iStatus Success for one
 * 12 MP pair (4000x3000) with auto-align and interpolation, on a real server with the in-process job queue.
 */

import type { RawImage } from '@wiggle/engine/image';
import sharp from 'sharp';
import { syntheticPair } from '../engine/data/synthetic-pairs';
import { fmt, startBenchServer } from './bench-server';

const jpeg = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality: 90 })
    .toBuffer();

const pair = syntheticPair(4000, 3000, 5);
const [left, right] = await Promise.all([jpeg(pair.left), jpeg(pair.right)]);
const server = await startBenchServer({ JOB_TIMEOUT_SECONDS: '900' });
try {
  const auth = { authorization: `Bearer ${server.token}` };
  const form = new FormData();
  form.append('file', new Blob([left], { type: 'image/jpeg' }), 'left.jpg');
  form.append('file', new Blob([right], { type: 'image/jpeg' }), 'right.jpg');
  const uploaded = (await (
    await fetch(`${server.url}/api/library/originals`, { method: 'POST', headers: auth, body: form })
  ).json()) as { originals: Array<{ id: number }> };

  const start = performance.now();
  const created = (await (
    await fetch(`${server.url}/api/library/wiggles`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        originalIds: uploaded.originals.map((o) => o.id),
        stacking: 'auto-align',
        target: 'current',
      }),
    })
  ).json()) as { wiggles: Array<{ id: number }> };
  const id = created.wiggles[0]!.id;
  let success: number | undefined;
  let final: { createStatus: string; autoAlignStatus: string; iStatus: string } | undefined;
  for (;;) {
    const [status] = (await (
      await fetch(`${server.url}/api/library/wiggles/status?ids=${id}`, { headers: auth })
    ).json()) as Array<{ createStatus: string; autoAlignStatus: string; iStatus: string }>;
    if (status && status.createStatus === 'Success' && success === undefined)
      success = performance.now() - start;
    if (
      status &&
      (status.createStatus.endsWith('Error') ||
        (status.createStatus === 'Success' && status.iStatus !== 'InProgress'))
    ) {
      final = status;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = performance.now() - start;
  console.log(`12 MP pair, auto-align + interpolation: ${JSON.stringify(final)}`);
  if (success !== undefined) console.log(`  create → createStatus Success: ${fmt(success / 1000, 2)} s`);
  console.log(`  create → complete (iStatus ${final?.iStatus}): ${fmt(done / 1000, 2)} s`);
} finally {
  await server.close();
}
