import { describe, expect, it } from 'vitest';
import { type PayingRollCandidate, rollThatPays } from './roll-choice';

const now = new Date('2026-06-01T00:00:00.000Z');
const roll = (id: number, over: Partial<PayingRollCandidate> = {}): PayingRollCandidate => ({
  id,
  maxResolution: 1920,
  creditsLeft: 1,
  creditStatus: 'Available',
  expiresAt: null,
  initAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the roll that pays for an export', () => {
  it('takes the smallest sufficient resolution, then the one expiring first, then the oldest, then the lowest id', () => {
    const rolls = [
      roll(1, { maxResolution: 4096 }),
      roll(2, { initAt: '2025-01-01T00:00:00.000Z' }),
      roll(3),
      roll(4, { expiresAt: '2026-07-01T00:00:00.000Z' }),
      roll(5, { maxResolution: 800 }),
    ];
    expect(rollThatPays(rolls, 1280, now)?.id).toBe(4);
    expect(
      rollThatPays(
        rolls.filter((r) => r.id !== 4),
        1280,
        now,
      )?.id,
    ).toBe(2);
    expect(rollThatPays([roll(3), roll(2)], 1280, now)?.id).toBe(2);
    expect(rollThatPays(rolls, 800, now)?.id).toBe(5);
    expect(rollThatPays(rolls, 2560, now)?.id).toBe(1);
  });

  it('never picks a drained, expired, empty or too small roll', () => {
    const rolls = [
      roll(1, { creditStatus: 'Drained', creditsLeft: 0 }),
      roll(2, { creditsLeft: 0 }),
      roll(3, { expiresAt: '2026-05-31T23:59:59.000Z' }),
      roll(4, { creditStatus: 'Expired' }),
      roll(5, { maxResolution: 1280 }),
    ];
    expect(rollThatPays(rolls, 1920, now)).toBeUndefined();
    expect(rollThatPays(rolls, 1280, now)?.id).toBe(5);
  });
});
