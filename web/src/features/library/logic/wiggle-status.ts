import { isWiggleCreationComplete } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import type { Wiggle, WiggleStatus } from '@wiggle/common/schemas/library';

type StatusFields = Pick<Wiggle, 'id' | 'createStatus' | 'iStatus'>;

/** Ids of wiggles whose creation is not complete by SPEC §4's rule: the ones to keep polling. */
export function pendingWiggleIds(wiggles: readonly StatusFields[]): number[] {
  return wiggles.filter((w) => !isWiggleCreationComplete(w.createStatus, w.iStatus)).map((w) => w.id);
}

/**
 * Applies status answers to a list by id (SPEC §3). Returns the same array when nothing changed, so
 * React Query keeps its structural sharing and nothing re-renders for a poll that found no news.
 */
export function mergeWiggleStatuses<W extends Wiggle>(
  wiggles: readonly W[],
  statuses: readonly WiggleStatus[],
): W[] {
  const byId = new Map(statuses.map((s) => [s.id, s]));
  let changed = false;
  const merged = wiggles.map((w) => {
    const s = byId.get(w.id);
    if (
      !s ||
      (s.createStatus === w.createStatus &&
        s.autoAlignStatus === w.autoAlignStatus &&
        s.iStatus === w.iStatus &&
        s.errorMessage === w.errorMessage)
    )
      return w;
    changed = true;
    return {
      ...w,
      createStatus: s.createStatus,
      autoAlignStatus: s.autoAlignStatus,
      iStatus: s.iStatus,
      errorMessage: s.errorMessage,
    };
  });
  return changed ? merged : (wiggles as W[]);
}

export type WiggleDisplayState = 'pending' | 'error' | 'ready';

export function wiggleDisplayState(w: StatusFields): WiggleDisplayState {
  if (w.createStatus === 'Error' || w.createStatus === 'TimeoutError') return 'error';
  if (w.createStatus === 'Success') return 'ready';
  return 'pending';
}

/** Enhanced playback needs the interpolated frames; otherwise the two original views alternate. */
export function canPlayEnhanced(w: Pick<Wiggle, 'createStatus' | 'iStatus'>): boolean {
  return w.createStatus === 'Success' && w.iStatus === 'Success';
}

/** The part of the wiggle's message that says why Enhanced playback is unavailable (iStatus Error), if it says so. */
export function enhancedUnavailableReason(
  wiggle: Pick<Wiggle, 'iStatus' | 'errorMessage'>,
): string | undefined {
  const prefix = Messages.enhancedUnavailable('');
  const at = wiggle.errorMessage?.indexOf(prefix) ?? -1;
  return wiggle.iStatus === 'Error' && at >= 0 ? wiggle.errorMessage!.slice(at) : undefined;
}
