import { Messages } from '@wiggle/common/messages';
import type { Wiggle } from '@wiggle/common/schemas/library';
import { describe, expect, it } from 'vitest';
import { libraryWiggle } from '../../../test/wiggle';
import {
  canPlayEnhanced,
  enhancedUnavailableReason,
  mergeWiggleStatuses,
  pendingWiggleIds,
  wiggleDisplayState,
} from './wiggle-status';

/** A wiggle just queued (nothing run yet) unless `over` says otherwise. */
const wiggle = (id: number, over: Partial<Wiggle> = {}): Wiggle =>
  libraryWiggle({
    id,
    name: `w${id}`,
    createStatus: 'New',
    autoAlignStatus: 'None',
    iStatus: 'None',
    width: null,
    height: null,
    ...over,
  });

describe('pendingWiggleIds (SPEC completion rule)', () => {
  it('keeps polling New, InProgress and Success with interpolation in progress', () => {
    const list = [
      wiggle(1),
      wiggle(2, { createStatus: 'InProgress' }),
      wiggle(3, { createStatus: 'Success', iStatus: 'InProgress' }),
      wiggle(4, { createStatus: 'Success', iStatus: 'Success' }),
      wiggle(5, { createStatus: 'Success', iStatus: 'Error' }),
      wiggle(6, { createStatus: 'Error' }),
      wiggle(7, { createStatus: 'TimeoutError', iStatus: 'InProgress' }),
    ];
    expect(pendingWiggleIds(list)).toEqual([1, 2, 3]);
  });
});

describe('mergeWiggleStatuses', () => {
  it('applies statuses by id and leaves the others untouched', () => {
    const a = wiggle(1, { createStatus: 'InProgress' });
    const b = wiggle(2, { createStatus: 'InProgress' });
    const merged = mergeWiggleStatuses(
      [a, b],
      [
        { id: 2, createStatus: 'Success', autoAlignStatus: 'Error', iStatus: 'Success', errorMessage: null },
        { id: 99, createStatus: 'Error', autoAlignStatus: 'None', iStatus: 'None', errorMessage: 'x' },
      ],
    );
    expect(merged[0]).toBe(a);
    expect(merged[1]).toMatchObject({
      id: 2,
      createStatus: 'Success',
      autoAlignStatus: 'Error',
      iStatus: 'Success',
    });
    expect(merged[1]!.name).toBe('w2');
  });

  it('returns the same array when no status changed', () => {
    const list = [wiggle(1, { createStatus: 'InProgress' })];
    const same = mergeWiggleStatuses(list, [
      { id: 1, createStatus: 'InProgress', autoAlignStatus: 'None', iStatus: 'None', errorMessage: null },
    ]);
    expect(same).toBe(list);
  });
});

describe('display state', () => {
  it('maps statuses to pending, error and ready; enhanced only with interpolated frames', () => {
    expect(wiggleDisplayState(wiggle(1))).toBe('pending');
    expect(wiggleDisplayState(wiggle(1, { createStatus: 'TimeoutError' }))).toBe('error');
    expect(wiggleDisplayState(wiggle(1, { createStatus: 'Success', iStatus: 'InProgress' }))).toBe('ready');
    expect(canPlayEnhanced(wiggle(1, { createStatus: 'Success', iStatus: 'InProgress' }))).toBe(false);
    expect(canPlayEnhanced(wiggle(1, { createStatus: 'Success', iStatus: 'Success' }))).toBe(true);
  });
});

describe('enhancedUnavailableReason', () => {
  const reason = Messages.enhancedUnavailable(
    'the in-betweens are unreliable: only 12 % of the pixels match',
  );
  it('gives the reason when interpolation ended in Error with it, after an auto-align note too', () => {
    expect(enhancedUnavailableReason({ iStatus: 'Error', errorMessage: reason })).toBe(reason);
    expect(
      enhancedUnavailableReason({
        iStatus: 'Error',
        errorMessage: `${Messages.autoAlignFailed} (x) ${reason}`,
      }),
    ).toBe(reason);
  });
  it('gives nothing for other messages or statuses', () => {
    expect(
      enhancedUnavailableReason({ iStatus: 'Error', errorMessage: Messages.autoAlignFailed }),
    ).toBeUndefined();
    expect(enhancedUnavailableReason({ iStatus: 'Success', errorMessage: reason })).toBeUndefined();
    expect(enhancedUnavailableReason({ iStatus: 'Error', errorMessage: null })).toBeUndefined();
  });
});
