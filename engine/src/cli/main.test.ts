import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpolatePair } from '../interpolate/interpolate-views';
import { layeredViews } from '../testing/layered-views';
import { gradientRaw, jpegOf, solidRaw } from '../testing/make-images';
import { buildMpo } from '../testing/make-mpo';

const BIN = new URL('../../bin/wiggle.js', import.meta.url).pathname;

/**
 * The CLI run as a program, as `wiggle` and `npx wiggle` run it: through its shebang line, which gives node a V8 flag
 * (a malformed line or an option node refuses fails every test here). The node running the tests comes first on the
 * PATH the shebang searches.
 */
async function wiggle(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(BIN, args, {
      timeout: 60_000,
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function expectOneLineRefusal(result: { code: number; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^wiggle: /);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at .*:\d+:\d+/m);
}

describe('wiggle CLI', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiggle-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints usage with --help and per-command help', async () => {
    const usage = await wiggle('--help');
    expect(usage.code).toBe(0);
    expect(usage.stdout).toMatch(/ingest/);
    expect(usage.stdout).toMatch(/split/);
    const help = await wiggle('split', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--order/);
  });

  it('refuses a text file renamed .jpg with exit 1 and one line', async () => {
    const file = join(dir, 'notes.jpg');
    await writeFile(file, 'these are my holiday notes, not a photo');
    expectOneLineRefusal(await wiggle('ingest', file, '--out', join(dir, 'x')), /not an image/);
  });

  it('align and interpolate refuse a text file with one line and exit (what they start while decoding keeps nothing alive)', async () => {
    const text = join(dir, 'left.png');
    await writeFile(text, 'not a picture');
    const photo = join(dir, 'right.png');
    await writeFile(
      photo,
      await sharp(solidRaw(64, 48, [90, 120, 150]).data, { raw: { width: 64, height: 48, channels: 3 } })
        .png()
        .toBuffer(),
    );
    for (const command of ['align', 'interpolate']) {
      expectOneLineRefusal(await wiggle(command, text, photo, '--out', join(dir, 'x')), /not an image/);
    }
  });

  it('refuses an empty file, a truncated JPEG and a missing file', async () => {
    const empty = join(dir, 'empty.jpg');
    await writeFile(empty, '');
    expectOneLineRefusal(await wiggle('ingest', empty, '--out', join(dir, 'x')), /not an image/);
    const jpeg = await jpegOf(gradientRaw(640, 480));
    const truncated = join(dir, 'truncated.jpg');
    await writeFile(truncated, jpeg.subarray(0, jpeg.length >> 1));
    expectOneLineRefusal(await wiggle('ingest', truncated, '--out', join(dir, 'x')), /damaged or truncated/);
    expectOneLineRefusal(await wiggle('split', join(dir, 'nope.jpg'), '--out', dir), /no such file/);
  });

  it('refuses unknown commands and options', async () => {
    expectOneLineRefusal(await wiggle('frobnicate'), /unknown command/);
    expectOneLineRefusal(await wiggle('ingest', 'a.jpg', '--bogus'), /bogus/);
    expectOneLineRefusal(await wiggle('ingest', 'a.jpg'), /missing --out/);
  });

  it('ingest writes o, p and t and reports them as JSON', async () => {
    const file = join(dir, 'photo.png');
    await sharp(gradientRaw(1000, 800).data, { raw: { width: 1000, height: 800, channels: 3 } })
      .png()
      .toFile(file);
    const out = join(dir, 'ingested');
    const result = await wiggle('ingest', file, '--out', out, '--limit', '500');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.o).toMatchObject({ file: 'o.jpg', width: 500, height: 400 });
    expect(report.t).toMatchObject({ width: 180, height: 126 });
    const t = await sharp(await readFile(join(out, 't.jpg'))).metadata();
    expect([t.width, t.height]).toEqual([180, 126]);
  });

  it('split writes left.jpg and right.jpg from an MPO', async () => {
    const left = await jpegOf(solidRaw(200, 100, [200, 0, 0]));
    const right = await jpegOf(solidRaw(200, 100, [0, 0, 200]));
    const file = join(dir, 'pair.mpo');
    await writeFile(file, buildMpo([left, right]));
    const out = join(dir, 'split');
    const result = await wiggle('split', file, '--out', out);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ source: 'mpo', method: 'mpf-index' });
    expect(Buffer.compare(await readFile(join(out, 'right.jpg')), right)).toBe(0);
  });

  /** Two gradient PNGs of another cell size (a pair with no real depth), written as `<name>l.png`, `<name>r.png`. */
  async function gradientPair(name: string, width: number, height: number) {
    const paths = [join(dir, `${name}l.png`), join(dir, `${name}r.png`)] as const;
    for (const [i, path] of paths.entries()) {
      const image = gradientRaw(width, height, i === 0 ? undefined : 8);
      await sharp(image.data, { raw: { width, height, channels: 3 } })
        .png()
        .toFile(path);
    }
    return paths;
  }

  it('make writes an animated WebP from a pair and reports the statuses as JSON', async () => {
    const [left, right] = await gradientPair('', 320, 200);
    const out = join(dir, 'w.webp');
    const result = await wiggle(
      'make',
      left,
      right,
      '-o',
      out,
      '--no-align',
      '--no-interpolate',
      '--delay',
      '90',
    );
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: 'webp', frames: 2, width: 320, height: 200 });
    expect(report.alignment.status).toBe('None');
    const meta = await sharp(await readFile(out), { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.delay).toEqual([90, 90]);
  });

  it('interpolate writes the same frames as the engine on one thread (the compiled helper thread included)', async () => {
    const views = layeredViews({
      width: 400,
      height: 270,
      seed: 9,
      maxDisparity: 16,
      backgroundDisparity: 2,
    });
    const files = [join(dir, 'scene-left.png'), join(dir, 'scene-right.png')];
    for (const [k, view] of views.entries()) {
      await sharp(view.data, { raw: { width: 400, height: 270, channels: 3 } })
        .png()
        .toFile(files[k]!);
    }
    const out = join(dir, 'frames');
    const result = await wiggle('interpolate', files[0]!, files[1]!, '--out', out);
    expect(result.code).toBe(0);
    // Nothing but the JSON: no warning of Node's (a deprecated Buffer constructor printed one) reaches the user.
    expect(result.stderr).toBe('');
    const expected = await interpolatePair(views[0]!, views[1]!, [25, 50, 75], { threads: 1 });
    expect(JSON.parse(result.stdout).confidence).toBe(expected.confidence);
    for (const [k, percent] of [25, 50, 75].entries()) {
      const written = await sharp(join(out, `frame-${percent}.png`))
        .raw()
        .toBuffer();
      expect(written.equals(Buffer.from(expected.frames[k]!.data))).toBe(true);
    }
    // The build ships the helper thread's entry beside the CLI's and the server's modules.
    for (const workspace of ['engine', 'server']) {
      const entry = new URL(`../../../${workspace}/dist/interpolate-helper.mjs`, import.meta.url);
      await expect(access(entry)).resolves.toBeUndefined();
    }
  });

  it('make refuses a text file, a bad extension and an unknown aspect ratio with one line', async () => {
    const text = join(dir, 'left.jpg');
    await writeFile(text, 'plain text pretending to be a photo');
    expectOneLineRefusal(await wiggle('make', text, text, '-o', join(dir, 'w.webp')), /not an image/);
    expectOneLineRefusal(
      await wiggle('make', text, text, '-o', join(dir, 'w.png')),
      /\.webp, \.gif or \.mp4/,
    );
    expectOneLineRefusal(await wiggle('make', text, '-o', join(dir, 'w.gif'), '--aspect', '5:4'), /--aspect/);
  });

  it('make takes the tune flags: pivot, ratio, resize, sharpen, padding and watermark', async () => {
    const [left, right] = await gradientPair('t', 640, 480);
    const out = join(dir, 'tuned.webp');
    const flags = ['--no-align', '--no-inbetweens', '--pivot', '320,240', '--ratio', '16:9'];
    const more = ['--resize', 'width=320', '--sharpen', '2', '--padding', '4', '--watermark', '© me'];
    const result = await wiggle('make', left, right, '-o', out, ...flags, ...more);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ frames: 2, width: 328, height: 180 + 8 });
    const meta = await sharp(await readFile(out), { animated: true }).metadata();
    expect([meta.width, meta.pageHeight, meta.pages]).toEqual([328, 188, 2]);
  });

  it('make refuses bad tune values with one line naming the flag', async () => {
    const left = join(dir, 'tl.png');
    const out = join(dir, 'bad.webp');
    const make = (...flags: string[]) => wiggle('make', left, left, '-o', out, '--no-align', ...flags);
    expectOneLineRefusal(
      await make('--crop', '0,0,150,300'),
      /^wiggle: --crop: The crop must be at least 200 px/,
    );
    expectOneLineRefusal(await make('--crop', '0,0,300'), /--crop must be X,Y,W,H/);
    expectOneLineRefusal(await make('--ratio', '5:4'), /--ratio: The aspect ratio must be one of/);
    expectOneLineRefusal(
      await make('--resize', 'width=wide'),
      /--resize must be keep, width=PX or height=PX/,
    );
    expectOneLineRefusal(await make('--blur', '15'), /--blur: Blur must be 10, 20 or 30 %/);
    expectOneLineRefusal(await make('--pivot', '5000,10'), /pivot: The pivot must lie inside the picture/);
    // Beyond what an animated frame holds, libvips' own message leaked out.
    expectOneLineRefusal(
      await make('--delay', '1e9'),
      /^wiggle: --delay must be a whole number from 1 to 65535$/,
    );
    expectOneLineRefusal(
      await make('--delay', '0'),
      /^wiggle: --delay must be a whole number from 1 to 65535$/,
    );
  });
});
