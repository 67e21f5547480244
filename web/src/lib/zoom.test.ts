import { DEFAULT_ZOOM_INDEX, ORIGINAL_THUMBNAIL, WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import { describe, expect, it } from 'vitest';
import { clampZoomIndex, scaledThumbnail, stepZoom, zoomLevel } from './zoom';

describe('zoom', () => {
  it('defaults to index 4 = 1.0 and spans 0.6 to 1.8', () => {
    expect(zoomLevel(DEFAULT_ZOOM_INDEX)).toBe(1);
    expect(zoomLevel(0)).toBe(0.6);
    expect(zoomLevel(12)).toBe(1.8);
  });

  it('steps by 0.1 and stops at the ends', () => {
    expect(zoomLevel(stepZoom(DEFAULT_ZOOM_INDEX, 1))).toBe(1.1);
    expect(zoomLevel(stepZoom(DEFAULT_ZOOM_INDEX, -1))).toBe(0.9);
    expect(stepZoom(0, -1)).toBe(0);
    expect(stepZoom(12, 1)).toBe(12);
  });

  it('clamps stored garbage', () => {
    expect(clampZoomIndex(99)).toBe(12);
    expect(clampZoomIndex(-3)).toBe(0);
    expect(clampZoomIndex(Number.NaN)).toBe(DEFAULT_ZOOM_INDEX);
  });

  it('scales the SPEC thumbnail sizes', () => {
    expect(scaledThumbnail(ORIGINAL_THUMBNAIL, 4)).toEqual({ width: 180, height: 126 });
    expect(scaledThumbnail(WIGGLE_THUMBNAIL, 0)).toEqual({ width: 120, height: 84 });
    expect(scaledThumbnail(WIGGLE_THUMBNAIL, 12)).toEqual({ width: 360, height: 252 });
  });
});
