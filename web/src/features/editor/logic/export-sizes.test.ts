import type { Roll } from '@wiggle/common/schemas/shop';
import { describe, expect, it } from 'vitest';
import { exportSizeOptions, preferredExportSize } from './export-sizes';

const roll = (purchaseId: number, maxResolution: number, over: Partial<Roll> = {}): Roll => ({
  purchaseId,
  type: 'Coupon',
  maxResolution,
  credits: 5,
  creditsLeft: 5,
  creditStatus: 'Available',
  expiresAt: null,
  initDate: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('export sizes', () => {
  it('limits the sizes by the originals and pairs each with the smallest roll that covers it', () => {
    const options = exportSizeOptions(3000, [roll(1, 4096), roll(2, 1280), roll(3, 800, { creditsLeft: 0 })]);
    expect(options.map((o) => [o.size, o.fitsOriginals, o.payingRoll?.purchaseId])).toEqual([
      [4096, false, 1],
      [2560, true, 1],
      [1920, true, 1],
      [1280, true, 2],
      [800, true, 2],
    ]);
  });

  it('preselects the remembered size while it fits, else the largest a roll pays for', () => {
    const options = exportSizeOptions(3000, [roll(2, 1280)]);
    expect(preferredExportSize(options, 1920)).toBe(1920);
    expect(preferredExportSize(options, 4096)).toBe(1280);
    expect(preferredExportSize(options, null)).toBe(1280);
    expect(preferredExportSize(exportSizeOptions(3000, []), null)).toBe(2560);
    expect(preferredExportSize(exportSizeOptions(500, []), null)).toBeNull();
  });
});
