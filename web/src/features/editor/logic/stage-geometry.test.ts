import { describe, expect, it } from 'vitest';
import { disparityAt, type GreyImage } from './disparity';
import { clampZoom, dragCrop, fitRatio, keptArea, nudgePivot, ratioValue, toSource } from './stage-geometry';

const canvas = { width: 1600, height: 1000 };

describe('editor stage geometry', () => {
  it('keeps zoom within 0.6–1.8 in steps of 0.1', () => {
    expect(clampZoom(0.1)).toBe(0.6);
    expect(clampZoom(1.04 + 0.1)).toBe(1.1);
    expect(clampZoom(3)).toBe(1.8);
  });

  it('maps display points to source px inside the picture', () => {
    expect(toSource({ x: 100, y: 50 }, 0.5, canvas)).toEqual({ x: 200, y: 100 });
    expect(toSource({ x: -5, y: 9999 }, 0.5, canvas)).toEqual({ x: 0, y: 999 });
  });

  it('nudges the pivot by 1 px, 10 with Shift, never outside', () => {
    expect(nudgePivot({ x: 5, y: 5 }, 'ArrowLeft', false, canvas)).toEqual({ x: 4, y: 5 });
    expect(nudgePivot({ x: 5, y: 5 }, 'ArrowUp', true, canvas)).toEqual({ x: 5, y: 0 });
    expect(nudgePivot({ x: 1595, y: 5 }, 'ArrowRight', true, canvas)).toEqual({ x: 1599, y: 5 });
    expect(nudgePivot({ x: 5, y: 5 }, 'a', false, canvas)).toBeNull();
  });

  it('fits a 16:9 crop within a pixel, portrait swapping the sides', () => {
    const crop = fitRatio({ x: 0, y: 0, ...canvas }, ratioValue('16:9', 'landscape'));
    expect(Math.abs(crop.width / crop.height - 16 / 9)).toBeLessThan(1 / crop.height);
    expect(crop.width).toBe(1600);
    const portrait = keptArea({ aspectRatio: { ratio: '3:2', orientation: 'portrait' } }, canvas);
    expect(portrait.height).toBe(1000);
    expect(Math.abs(portrait.width - 667)).toBeLessThanOrEqual(1);
  });

  it('drags crop handles inside the canvas, never below 200 px, keeping a chosen ratio', () => {
    const start = { x: 100, y: 100, width: 800, height: 450 };
    const shrunk = dragCrop(start, 'se', { x: -2000, y: -2000 }, canvas, null);
    expect([shrunk.width, shrunk.height]).toEqual([200, 200]);
    const ratio = dragCrop(start, 'nw', { x: 300, y: 0 }, canvas, 16 / 9);
    expect(ratio.x + ratio.width).toBe(900);
    expect(Math.abs(ratio.width / ratio.height - 16 / 9)).toBeLessThan(0.01);
    const moved = dragCrop(start, 'move', { x: 5000, y: -50 }, canvas, null);
    expect(moved).toEqual({ ...start, x: 800, y: 50 });
  });

  it('finds the disparity of a marker shifted between the views', () => {
    const make = (markerX: number): GreyImage => {
      const data = new Uint8Array(200 * 100);
      for (let y = 40; y < 60; y += 1)
        for (let x = markerX; x < markerX + 12; x += 1) data[y * 200 + x] = 255;
      return { width: 200, height: 100, data };
    };
    expect(disparityAt(make(80), make(93), 86, 50, 30)).toBe(13);
    expect(disparityAt(make(80), make(80), 86, 50, 30)).toBe(0);
  });
});
