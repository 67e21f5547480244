/**
 * Which roll pays for an export of `longSide` px (DESIGN §7): an Available roll with frames left, not expired, whose
 * resolution is enough; the smallest sufficient resolution first, then the one that expires first (never-expiring
 * last), then the oldest. The server's spend picks with this, and the export tab shows the same choice.
 */
export interface PayingRollCandidate {
  id: number;
  maxResolution: number;
  creditsLeft: number;
  creditStatus: string;
  /** ISO date; null = never expires. */
  expiresAt: string | null;
  /** ISO date the roll was started (purchase init). */
  initAt: string;
}

export function canPay(roll: PayingRollCandidate, longSide: number, now: Date): boolean {
  return (
    roll.creditStatus === 'Available' &&
    roll.creditsLeft > 0 &&
    roll.maxResolution >= longSide &&
    (roll.expiresAt === null || new Date(roll.expiresAt).getTime() > now.getTime())
  );
}

function spendOrder(a: PayingRollCandidate, b: PayingRollCandidate): number {
  if (a.maxResolution !== b.maxResolution) return a.maxResolution - b.maxResolution;
  if ((a.expiresAt === null) !== (b.expiresAt === null)) return a.expiresAt === null ? 1 : -1;
  if (a.expiresAt !== null && b.expiresAt !== null && a.expiresAt !== b.expiresAt)
    return new Date(a.expiresAt).getTime() - new Date(b.expiresAt).getTime();
  if (a.initAt !== b.initAt) return new Date(a.initAt).getTime() - new Date(b.initAt).getTime();
  return a.id - b.id;
}

/** The roll a spend of one frame at `longSide` px takes, or undefined (the server then answers 402). */
export function rollThatPays<R extends PayingRollCandidate>(
  rolls: readonly R[],
  longSide: number,
  now: Date = new Date(),
): R | undefined {
  return rolls.filter((roll) => canPay(roll, longSide, now)).sort(spendOrder)[0];
}
