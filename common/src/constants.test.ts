import { describe, expect, it } from 'vitest';
import { DEFAULT_ZOOM_INDEX, EXPORT_SIZES, UPLOAD_RESOLUTION_LIMITS, ZOOM_LEVELS } from './constants';
import { isWiggleCreationComplete } from './enums';

describe('SPEC constants', () => {
  it('default zoom index points at 1.0 and the steps are 0.1 from 0.6 to 1.8', () => {
    expect(ZOOM_LEVELS[DEFAULT_ZOOM_INDEX]).toBe(1.0);
    expect(ZOOM_LEVELS[0]).toBe(0.6);
    expect(ZOOM_LEVELS.at(-1)).toBe(1.8);
    expect(ZOOM_LEVELS).toHaveLength(13);
  });
  it('pairs each upload resolution limit with an export size', () => {
    expect(EXPORT_SIZES).toHaveLength(UPLOAD_RESOLUTION_LIMITS.length);
  });
});

describe('isWiggleCreationComplete', () => {
  it('is complete on errors and on success with no interpolation pending', () => {
    expect(isWiggleCreationComplete('Error', 'None')).toBe(true);
    expect(isWiggleCreationComplete('TimeoutError', 'InProgress')).toBe(true);
    expect(isWiggleCreationComplete('Success', 'Success')).toBe(true);
    expect(isWiggleCreationComplete('Success', 'None')).toBe(true);
    expect(isWiggleCreationComplete('Success', 'InProgress')).toBe(false);
    expect(isWiggleCreationComplete('InProgress', 'None')).toBe(false);
    expect(isWiggleCreationComplete('New', 'None')).toBe(false);
  });
});
