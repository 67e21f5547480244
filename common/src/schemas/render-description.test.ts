import { describe, expect, it } from 'vitest';
import { RenderDescriptionSchema, TuneSchema, tuneProblems } from './render-description';

const firstMessage = (input: unknown) => {
  const parsed = TuneSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('the render description schema', () => {
  it('fills SPEC defaults: no tune, auto-align on, all five frames as WebP', () => {
    expect(RenderDescriptionSchema.parse({})).toMatchObject({
      autoAlign: true,
      verticalOffset: 0,
      rotationDeg: 0,
      resize: { mode: 'keep' },
      blur: 0,
      sharpen: 0,
      padding: 0,
      frames: 'all',
      encoding: 'webp',
    });
    expect(TuneSchema.parse({ aspectRatio: { ratio: '21:9' } }).aspectRatio).toEqual({
      ratio: '21:9',
      orientation: 'landscape',
    });
  });

  it('refuses a crop below 200 px, an unknown ratio, a negative pivot and levels SPEC does not have', () => {
    expect(firstMessage({ crop: { x: 0, y: 0, width: 199, height: 400 } })).toBe(
      'The crop must be at least 200 px wide and 200 px high.',
    );
    expect(firstMessage({ aspectRatio: { ratio: '5:4' } })).toBe(
      'The aspect ratio must be one of 4:3, 3:2, 1:1, 16:9, 21:9.',
    );
    expect(firstMessage({ pivot: { x: -1, y: 3 } })).toBe('The pivot must lie inside the picture.');
    expect(firstMessage({ blur: 15 })).toBe('Blur must be 10, 20 or 30 %.');
    expect(firstMessage({ sharpen: 5 })).toBe('Sharpen must be a level from 1 to 4.');
    expect(firstMessage({ resize: { mode: 'width', value: 150 } })).toMatch(/from 200 to 16384/);
    expect(firstMessage({ rotationDeg: 11 })).toMatch(/-10 and 10/);
  });

  it('normalizes the watermark text and refuses control and bidi-override characters', () => {
    expect(RenderDescriptionSchema.parse({ watermark: '  Cafe\u0301 ' }).watermark).toBe('Café');
    expect(RenderDescriptionSchema.safeParse({ watermark: 'a\u202eb' }).success).toBe(false);
    expect(RenderDescriptionSchema.safeParse({ watermark: 'a\nb' }).success).toBe(false);
  });

  it('tuneProblems refuses a pivot or a crop outside a picture of known size', () => {
    const size = { width: 1000, height: 800 };
    expect(tuneProblems({ pivot: { x: 999, y: 799 } }, size)).toEqual({});
    expect(tuneProblems({ pivot: { x: 1000, y: 10 } }, size)).toEqual({
      pivot: 'The pivot must lie inside the picture.',
    });
    expect(tuneProblems({ crop: { x: 900, y: 0, width: 200, height: 200 } }, size)).toEqual({
      crop: 'The crop must lie inside the picture.',
    });
  });
});
