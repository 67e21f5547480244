import { DEFAULT_ZOOM_INDEX, ZOOM_LEVELS } from '@wiggle/common/constants';

export function clampZoomIndex(index: number): number {
  if (!Number.isFinite(index)) return DEFAULT_ZOOM_INDEX;
  return Math.min(Math.max(Math.round(index), 0), ZOOM_LEVELS.length - 1);
}

export function zoomLevel(index: number): number {
  return ZOOM_LEVELS[clampZoomIndex(index)]!;
}

/** One step in or out (SPEC §9: 0.6 to 1.8 in steps of 0.1), stopping at the ends. */
export function stepZoom(index: number, direction: 1 | -1): number {
  return clampZoomIndex(clampZoomIndex(index) + direction);
}

export function scaledThumbnail(base: { width: number; height: number }, zoomIndex: number) {
  const level = zoomLevel(zoomIndex);
  return { width: Math.round(base.width * level), height: Math.round(base.height * level) };
}
