import { describe, expect, it } from 'vitest';
import { descriptionFromFlags, savedTuneOf } from './render-flags';

describe('wiggle make --tune', () => {
  const answer = JSON.stringify({
    tune: {
      pivot: { x: 320, y: 240 },
      verticalOffset: 0,
      rotationDeg: 0.5,
      aspectRatio: { ratio: '16:9', orientation: 'landscape' },
      resize: { mode: 'width', value: 1280 },
      blur: 0,
      sharpen: 2,
    },
    canvas: { width: 640, height: 480 },
    suggestedPivot: null,
    tuned: true,
    lastModifiedAt: '2026-11-23T11:00:00.000Z',
  });

  it("renders a member's saved tune (the tune API's answer) as the same flags would", () => {
    const fromFile = descriptionFromFlags({}, 0, savedTuneOf(answer));
    const fromFlags = descriptionFromFlags(
      {
        pivot: '320,240',
        rotation: '0.5',
        ratio: '16:9',
        resize: 'width=1280',
        sharpen: '2',
      },
      0,
    );
    expect(fromFile).toEqual(fromFlags);
  });

  it('lets flags override the file, and names --tune when the file holds a bad value', () => {
    const overridden = descriptionFromFlags({ sharpen: '4', ratio: '1:1' }, 0, savedTuneOf(answer));
    expect(overridden.sharpen).toBe(4);
    expect(overridden.aspectRatio).toEqual({ ratio: '1:1', orientation: 'landscape' });
    expect(overridden.pivot).toEqual({ x: 320, y: 240 });
    expect(() => descriptionFromFlags({}, 0, { blur: 15 })).toThrow(/^--tune: Blur must be 10, 20 or 30 %/);
    expect(() => savedTuneOf('not json')).toThrow('--tune must be a JSON file');
    expect(() => savedTuneOf('[1]')).toThrow('--tune must hold a tune object');
  });
});
