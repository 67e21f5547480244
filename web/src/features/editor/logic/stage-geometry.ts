import { type ASPECT_RATIOS, EDITOR_MIN_SIZE } from '@wiggle/common/constants';
import type { Orientation } from '@wiggle/common/enums';
import type { Tune } from '@wiggle/common/schemas/render-description';

/** Pure geometry of the editor's stage: everything in source px of the wiggle's canvas unless named otherwise. */

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
export interface Rect extends Point, Size {}
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** SPEC §9: zoom 0.6–1.8 in steps of 0.1. */
export const ZOOM = { min: 0.6, max: 1.8, step: 0.1 } as const;
export const clampZoom = (zoom: number) => Math.round(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom)) * 10) / 10;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Display px per source px: the canvas fitted into `box` (already without padding), times the zoom. */
export function stageScale(canvas: Size, box: Size, zoom: number): number {
  const fit = Math.min(box.width / canvas.width, box.height / canvas.height);
  return Math.max(0.01, fit * zoom);
}

/** The point of the canvas under a display position, clamped inside the picture. */
export function toSource(display: Point, scale: number, canvas: Size): Point {
  return {
    x: clamp(Math.round(display.x / scale), 0, canvas.width - 1),
    y: clamp(Math.round(display.y / scale), 0, canvas.height - 1),
  };
}

/** Arrow keys move the pivot by one pixel, with Shift by ten, never outside the picture. */
export function nudgePivot(pivot: Point, key: string, shift: boolean, canvas: Size): Point | null {
  const step = shift ? 10 : 1;
  const delta: Record<string, Point> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  const d = delta[key];
  if (!d) return null;
  return {
    x: clamp(pivot.x + d.x, 0, canvas.width - 1),
    y: clamp(pivot.y + d.y, 0, canvas.height - 1),
  };
}

/** Width / height of a SPEC ratio in an orientation (portrait swaps the sides). */
export function ratioValue(ratio: AspectRatio, orientation: Orientation): number {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return orientation === 'portrait' ? h / w : w / h;
}

/** The largest area of `ratio` inside `rect`, same centre (what the engine keeps for crop + ratio). */
export function fitRatio(rect: Rect, ratio: number): Rect {
  const width = Math.min(rect.width, rect.height * ratio);
  const height = width / ratio;
  return {
    x: Math.round(rect.x + (rect.width - width) / 2),
    y: Math.round(rect.y + (rect.height - height) / 2),
    width: Math.round(width),
    height: Math.round(height),
  };
}

export type Handle = 'move' | 'nw' | 'ne' | 'sw' | 'se';

/**
 * The crop after dragging `handle` by `delta` (source px): inside the canvas, never below SPEC's 200 px,
 * and of `ratio` (width / height) when one is chosen (the dragged corner decides the size).
 */
export function dragCrop(
  start: Rect,
  handle: Handle,
  delta: Point,
  canvas: Size,
  ratio: number | null,
): Rect {
  const min = EDITOR_MIN_SIZE;
  if (handle === 'move') {
    return {
      ...start,
      x: clamp(Math.round(start.x + delta.x), 0, canvas.width - start.width),
      y: clamp(Math.round(start.y + delta.y), 0, canvas.height - start.height),
    };
  }
  const west = handle === 'nw' || handle === 'sw';
  const north = handle === 'nw' || handle === 'ne';
  // The corner opposite the handle stays put.
  const anchor = { x: west ? start.x + start.width : start.x, y: north ? start.y + start.height : start.y };
  const maxWidth = west ? anchor.x : canvas.width - anchor.x;
  const maxHeight = north ? anchor.y : canvas.height - anchor.y;
  let width = clamp((west ? -delta.x : delta.x) + start.width, min, maxWidth);
  let height = clamp((north ? -delta.y : delta.y) + start.height, min, maxHeight);
  if (ratio) {
    height = width / ratio;
    if (height > maxHeight) {
      height = maxHeight;
      width = height * ratio;
    }
    if (height < min) {
      height = min;
      width = Math.min(maxWidth, min * ratio);
    }
    if (width < min) {
      width = min;
      height = Math.min(maxHeight, min / ratio);
    }
  }
  width = Math.round(width);
  height = Math.round(height);
  return { x: west ? anchor.x - width : anchor.x, y: north ? anchor.y - height : anchor.y, width, height };
}

/** The area the engine keeps for a tune: the crop (or the whole canvas), narrowed to the ratio when one is set. */
export function keptArea(tune: Pick<Tune, 'crop' | 'aspectRatio'>, canvas: Size): Rect {
  const base = tune.crop ?? { x: 0, y: 0, ...canvas };
  if (!tune.aspectRatio) return base;
  return fitRatio(base, ratioValue(tune.aspectRatio.ratio, tune.aspectRatio.orientation));
}

/** A crop of `ratio` covering as much of the canvas as it can, centred (a newly chosen ratio starts here). */
export function initialCrop(canvas: Size, ratio: number | null): Rect {
  const whole = { x: 0, y: 0, ...canvas };
  return ratio ? fitRatio(whole, ratio) : whole;
}
