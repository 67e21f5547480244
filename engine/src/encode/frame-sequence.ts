import { EngineInputError, type RawImage } from '../image';
import sharp from '../sharp';

/** A frame as raw pixels, or encoded bytes (e.g. a stored `f` WebP frame) that are decoded first. */
export type FrameInput = RawImage | Uint8Array;

export interface AnimationOptions {
  /** Display time of each frame in ms: one value for all, or one per frame of the played sequence. */
  delayMs?: number | readonly number[];
  /** Play forward then back (L,25,50,75,R,75,50,25) so the loop has no jump from R to L. */
  pingPong?: boolean;
}

export const DEFAULT_FRAME_DELAY_MS = 120;
/** Longest display time of a frame: the most an animated WebP or GIF frame holds, as libvips takes it. */
export const MAX_FRAME_DELAY_MS = 65535;

/** Frame indices in play order: ping-pong adds the inner frames backwards (5 frames -> 0,1,2,3,4,3,2,1). */
export function playOrder(count: number, pingPong: boolean): number[] {
  const forward = Array.from({ length: count }, (_, i) => i);
  if (!pingPong || count < 3) return forward;
  return [...forward, ...forward.slice(1, -1).reverse()];
}

export function delaysFor(order: readonly number[], delayMs: AnimationOptions['delayMs']): number[] {
  if (Array.isArray(delayMs)) {
    if (delayMs.length !== order.length) {
      throw new EngineInputError(
        `Expected ${order.length} frame delays, got ${delayMs.length}.`,
        'unsupported',
      );
    }
    return delayMs.map((d) => Math.round(d));
  }
  const delay = Math.round((delayMs as number | undefined) ?? DEFAULT_FRAME_DELAY_MS);
  return order.map(() => delay);
}

async function toRgb(frame: FrameInput): Promise<RawImage> {
  if (!(frame instanceof Uint8Array)) return frame;
  const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}

/** Decodes the frames and checks they share one size and channel count, as an animation needs. */
export async function framesToRaw(frames: readonly FrameInput[]): Promise<RawImage[]> {
  if (frames.length === 0) throw new EngineInputError('No frames to encode.', 'unsupported');
  const raws = await Promise.all(frames.map(toRgb));
  const first = raws[0]!;
  for (const frame of raws) {
    if (frame.width !== first.width || frame.height !== first.height || frame.channels !== first.channels) {
      throw new EngineInputError('All frames of an animation must have the same size.', 'unsupported');
    }
  }
  return raws;
}

/** Stacks frames vertically in play order: the layout libvips reads as pages of `pageHeight`. */
export function stackPages(frames: readonly RawImage[], order: readonly number[]): RawImage {
  const first = frames[0]!;
  const pageBytes = first.width * first.height * first.channels;
  const data = new Uint8Array(pageBytes * order.length);
  for (const [page, index] of order.entries())
    data.set(frames[index]!.data.subarray(0, pageBytes), page * pageBytes);
  return { data, width: first.width, height: first.height * order.length, channels: first.channels };
}
