import { generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Wiggle Studio';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret });

/** Accepts the current 30 s step and one step either side, for clocks a little off. */
export async function verifyTotp(secret: string, token: string): Promise<boolean> {
  if (!/^\d{6}$/.test(token)) return false;
  try {
    const result = await verify({ secret, token, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}
