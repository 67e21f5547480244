import { generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Wiggle Studio';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret });

/**
 * Accepts the current 30 s step and one step either side, for clocks a little off; resolves the matched time step
 * (to be stored so the same code cannot be used again), or null.
 */
export async function verifyTotp(secret: string, token: string): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({ secret, token, epochTolerance: 30 });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
