import type { CreateWigglesResponse } from '@wiggle/common/schemas/library';
import type { WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import {
  api,
  createLibraryTestApp,
  uploadStereoPair,
  waitForWiggleCreation,
} from '../../test/library/library-test-kit';
import { wigglesDepsOf } from './deps';
import { registerWiggleJobs } from './jobs';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(testDialects())('wiggle tune API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  let id: number;
  const tuneUrl = (wiggleId: number | string) => `/api/library/wiggles/${wiggleId}/tune`;
  const getTune = (who: TestMember = owner) =>
    api<WiggleTuneResponse & ErrorBody>(t.app, who.token, 'GET', tuneUrl(id));
  const putTune = (payload: object, who: TestMember = owner, wiggleId: number | string = id) =>
    api<WiggleTuneResponse & ErrorBody>(t.app, who.token, 'PUT', tuneUrl(wiggleId), payload);
  const createWiggle = async () => {
    const originals = await uploadStereoPair(t.app, owner.token);
    const made = await api<CreateWigglesResponse>(t.app, owner.token, 'POST', '/api/library/wiggles', {
      originalIds: originals.map((o) => o.id),
      stacking: 'auto-align',
      target: 'current',
    });
    return made.body.wiggles[0]!.id;
  };
  const leftFrameSize = async (kind: 'f' | 'e' = 'f') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/library/wiggle/${id}-left-${kind}.webp`,
      headers: bearer(owner.token),
    });
    const meta = await sharp(res.rawPayload).metadata();
    return { width: meta.width, height: meta.height };
  };

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect);
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
  });
  afterAll(async () => t?.close());

  it('refuses a tune while the wiggle is still being created', async () => {
    const pending = await createWiggle();
    const res = await putTune({ blur: 10 }, owner, pending);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The wiggle is still being created. Please wait until it is ready.');
    registerWiggleJobs(wigglesDepsOf(t.platform));
    id = await createWiggle();
    const status = await waitForWiggleCreation(t.app, owner.token, id, { timeoutMs: 90_000, pollMs: 200 });
    expect(status).toMatchObject({ createStatus: 'Success', autoAlignStatus: 'Success' });
  });

  it('answers the defaults, the canvas and the suggested pivot of a wiggle never tuned', async () => {
    const res = await getTune();
    expect(res.status).toBe(200);
    expect(res.body.tuned).toBe(false);
    expect(res.body.tune).toEqual({
      verticalOffset: 0,
      rotationDeg: 0,
      resize: { mode: 'keep' },
      blur: 0,
      sharpen: 0,
    });
    // Auto-align trims the border the warp leaves empty: the canvas is the aligned left view, source px.
    const { width, height } = res.body.canvas!;
    expect(width).toBeGreaterThan(440);
    expect(width).toBeLessThanOrEqual(480);
    expect(height).toBeGreaterThan(320);
    expect(height).toBeLessThanOrEqual(360);
    const pivot = res.body.suggestedPivot!;
    expect(pivot.x).toBeGreaterThanOrEqual(0);
    expect(pivot.x).toBeLessThan(width);
  });

  it('refuses what does not fit the picture or SPEC with a clear 400, saving nothing', async () => {
    const before = await getTune();
    const { width } = before.body.canvas!;
    const cases: Array<[object, string, string]> = [
      [{ pivot: { x: width, y: 10 } }, 'pivot', 'The pivot must lie inside the picture.'],
      [{ pivot: { x: -1, y: 10 } }, 'pivot.x', 'The pivot must lie inside the picture.'],
      [
        { crop: { x: 0, y: 0, width: 199, height: 300 } },
        'crop.width',
        'The crop must be at least 200 px wide and 200 px high.',
      ],
      [{ crop: { x: 300, y: 0, width: 200, height: 300 } }, 'crop', 'The crop must lie inside the picture.'],
      [
        { aspectRatio: { ratio: '5:4' } },
        'aspectRatio.ratio',
        'The aspect ratio must be one of 4:3, 3:2, 1:1, 16:9, 21:9.',
      ],
      [{ blur: 15 }, 'blur', 'Blur must be 10, 20 or 30 %.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await putTune(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    expect((await putTune({ pivot: { x: 1, y: 1 } }, owner, 'abc')).status).toBe(400);
    expect(await getTune()).toEqual(before);
  });

  it("keeps another member's wiggle hidden (404 for read and write)", async () => {
    expect((await getTune(other)).status).toBe(404);
    const res = await putTune({ blur: 10 }, other);
    expect(res.status).toBe(404);
    expect((await getTune()).body.tuned).toBe(false);
    expect((await putTune({ blur: 10 }, owner, 999_999)).status).toBe(404);
  });

  it('saves a tune, changes the last-modified date and renders the library frames again with it', async () => {
    const before = await getTune();
    const canvas = before.body.canvas!;
    expect(await leftFrameSize()).toEqual(canvas);
    const tune = {
      pivot: { x: 240, y: 180 },
      crop: { x: 0, y: 0, ...canvas },
      aspectRatio: { ratio: '16:9', orientation: 'landscape' },
      sharpen: 2,
    };
    const saved = await putTune(tune);
    expect(saved.status).toBe(200);
    expect(saved.body.tuned).toBe(true);
    expect(saved.body.tune).toMatchObject(tune);
    expect(saved.body.lastModifiedAt > before.body.lastModifiedAt).toBe(true);
    expect(await getTune()).toMatchObject({ status: 200, body: saved.body });
    // The re-render replaces the frames; the wiggle stays Success meanwhile.
    let size = await leftFrameSize();
    const deadline = Date.now() + 90_000;
    while (size.height === canvas.height && Date.now() < deadline) {
      const [status] = (
        await api<Array<{ createStatus: string }>>(
          t.app,
          owner.token,
          'GET',
          `/api/library/wiggles/status?ids=${id}`,
        )
      ).body;
      expect(status?.createStatus).toBe('Success');
      await new Promise((resolve) => setTimeout(resolve, 200));
      size = await leftFrameSize();
    }
    // The largest 16:9 area inside the crop, within a pixel.
    expect(size.width).toBe(canvas.width);
    expect(Math.abs(size.height! - (canvas.width * 9) / 16)).toBeLessThanOrEqual(1);
    // The editor keeps tuning on the untuned working view.
    expect(await leftFrameSize('e')).toEqual(canvas);
  });
});
