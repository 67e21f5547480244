import type { RawImage } from '../image';
import type { Levels } from './view-synthesis';

/**
 * Mean and contrast differences (levels) below which a channel is left as it is: the views' different content
 * (parallax shows other parts of the scene at the borders) gives up to ~0.8 on the bench's scenes.
 */
const LEVEL_TOLERANCE = 1;

/** One channel's mapping onto another picture's levels: (v − ownMean) · gain + otherMean. */
interface LevelFit {
  gain: number;
  ownMean: number;
  otherMean: number;
}

/**
 * Scales channel `channel` of `target` (interleaved, `channels` per pixel) in place to the mean and contrast of the
 * same channel of `reference`: the two cameras of a rig differ in exposure and white balance.
 */
export function matchLevels(
  target: Uint8Array,
  reference: Uint8Array,
  channels: number,
  channel: number,
): void {
  const fit = levelFit(target, reference, channels, channel);
  if (fit) applyTable(target, channels, channel, levelTable(fit));
}

/**
 * The per-channel fits of an RGB `target` onto `reference` (levelFit; undefined for a channel within
 * LEVEL_TOLERANCE already).
 */
export function levelFits(target: Uint8Array, reference: Uint8Array): (LevelFit | undefined)[] {
  return [0, 1, 2].map((c) => levelFit(target, reference, 3, c));
}

/**
 * The fits as the synthesis reads them (Levels; a channel without one maps to itself, as does one whose gain is
 * nil: a uniform channel in the other view has no scale to map back onto), undefined when none has one.
 */
export function levelsOf(fits: readonly (LevelFit | undefined)[]): Levels | undefined {
  const usable = fits.map((f) => (f && f.gain > MIN_GAIN ? f : undefined));
  if (usable.every((f) => f === undefined)) return undefined;
  return {
    gain: Float64Array.from(usable, (f) => f?.gain ?? 1),
    ownMean: Float64Array.from(usable, (f) => f?.ownMean ?? 0),
    otherMean: Float64Array.from(usable, (f) => f?.otherMean ?? 0),
  };
}

/** Gains at or below this are taken as nil (see levelsOf). */
const MIN_GAIN = 1e-3;

/** Maps the colour channels of `data` (interleaved, `channels` per pixel) with a fit through it, in place. */
export function applyFits(data: Uint8Array, channels: number, fits: readonly (LevelFit | undefined)[]): void {
  for (const [c, fit] of fits.entries()) if (fit) applyTable(data, channels, c, levelTable(fit));
}

/**
 * A copy of the full-size view with its colour channels mapped through `fits` (RGB order); the view itself when no
 * channel has one or it is not RGB(A).
 */
export function levelled(
  view: RawImage,
  fits: readonly (LevelFit | undefined)[],
  /** Makes the array the copy is written to (all of it), else a new one. */
  allocate: (length: number) => Uint8Array = (length) => new Uint8Array(length),
): RawImage {
  if (view.channels < 3 || fits.every((f) => f === undefined)) return view;
  const data = allocate(view.data.length);
  data.set(view.data);
  applyFits(data, view.channels, fits);
  return { ...view, data };
}

/** Maps channel `channel` of `data` (interleaved, `channels` per pixel) through `table`, in place. */
function applyTable(data: Uint8Array, channels: number, channel: number, table: Uint8Array): void {
  for (let i = channel; i < data.length; i += channels) data[i] = table[data[i]!]!;
}

/** The fit's levels, rounded and clamped, as a table. */
function levelTable(fit: LevelFit): Uint8Array {
  return Uint8Array.from({ length: 256 }, (_, v) =>
    Math.round(Math.min(255, Math.max(0, (v - fit.ownMean) * fit.gain + fit.otherMean))),
  );
}

/**
 * Channel `channel` of `target` mapped onto the mean and contrast of the same channel of `reference`; undefined when
 * it is within LEVEL_TOLERANCE already.
 */
function levelFit(
  target: Uint8Array,
  reference: Uint8Array,
  channels: number,
  channel: number,
): LevelFit | undefined {
  const stats = (data: Uint8Array) => {
    let sum = 0;
    let sum2 = 0;
    for (let i = channel; i < data.length; i += channels) {
      const v = data[i]!;
      sum += v;
      sum2 += v * v;
    }
    const n = data.length / channels;
    const mean = sum / n;
    return { mean, std: Math.sqrt(Math.max(0, sum2 / n - mean * mean)) };
  };
  const t = stats(target);
  const r = stats(reference);
  if (
    t.std < 1e-3 ||
    (Math.abs(t.mean - r.mean) < LEVEL_TOLERANCE && Math.abs(t.std - r.std) < LEVEL_TOLERANCE)
  )
    return undefined;
  return { gain: r.std / t.std, ownMean: t.mean, otherMean: r.mean };
}
