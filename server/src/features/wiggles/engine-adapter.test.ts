import { descriptionFromFlags } from '@wiggle/engine/cli/render-flags';
import { makeLayeredScene, misalignView, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { renderWiggle } from '@wiggle/engine/pipeline/render-wiggle';
import { WorkerPool } from '@wiggle/engine/pool/worker-pool';
import { encodeWebpFrame } from '@wiggle/engine/render/render-frames';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pooledEngine } from './engine-adapter';

const jpeg = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality: 92 })
    .toBuffer();

/**
 * The CLI and the library render through the same engine entry. The CLI's path (its flags' description, the
 * pipeline on the calling thread, raw frames) and the library's path (the adapter's description, the pipeline
 * on a pool worker in two steps, WebP frames) must give the same frames. Raw pixels of the CLI path are encoded
 * with the pipeline's own WebP settings: libwebp is deterministic, so equal bytes mean equal pixels.
 */
describe('one pipeline for the CLI and the library', () => {
  const pool = new WorkerPool({ size: 1 });
  afterAll(() => pool.close());

  it('`wiggle make --size N` and the library creation job give byte-identical frames', async () => {
    const scene = makeLayeredScene({ width: 600, height: 400, seed: 8, objects: 5, maxDisparity: 20 });
    const left = await jpeg(renderView(scene, 0));
    const right = await jpeg(
      misalignView(renderView(scene, 1), { rotationDeg: 0.7, scale: 1, dx: 0, dy: 6 }),
    );
    const maxSize = 300;

    const cli = await renderWiggle(
      { kind: 'pair', left, right },
      descriptionFromFlags({ size: String(maxSize) }, 1920),
    );
    const cliFrames = await Promise.all(
      cli.frames.map((frame) => {
        if (!('raw' in frame)) throw new Error('the CLI renders raw frames');
        return encodeWebpFrame(frame.raw);
      }),
    );

    const engine = pooledEngine(pool);
    const created = await engine.renderWiggle(left, right, { autoAlign: true, sideBySide: false, maxSize });
    const between = await engine.interpolate(created.views);
    const library = [created.left, between[25], between[50], between[75], created.right];

    expect(cli.alignment.status).toBe('Success');
    expect(created.autoAlignStatus).toBe('Success');
    expect(cli.interpolation.status).toBe('Success');
    expect([created.width, created.height]).toEqual([cli.width, cli.height]);
    expect(Math.max(cli.width, cli.height)).toBeLessThanOrEqual(maxSize);
    expect(cliFrames).toHaveLength(5);
    for (let i = 0; i < 5; i++) {
      expect(Buffer.compare(library[i]!.f, cliFrames[i]!.f), `frame ${i} f`).toBe(0);
      expect(Buffer.compare(library[i]!.t, cliFrames[i]!.t), `frame ${i} t`).toBe(0);
    }
    // What the library stores is in the originals' pixels, as the CLI reports it.
    if (cli.alignment.status !== 'Success') return;
    expect(created.alignment).toEqual({
      transform: cli.alignment.transform,
      pivot: cli.alignment.suggestedPivot,
      canvas: cli.canvas,
    });
  });
});
