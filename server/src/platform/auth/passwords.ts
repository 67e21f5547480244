import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, t=2, p=1). The library default (64 MiB, t=3, p=4) costs about
 * ten times the CPU per login, which on the small machines this self-hosts on turns a burst of logins into a
 * denial of service. Parameters live in each hash, so changing them later still verifies old hashes.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** True when a stored hash was made with other parameters and should be replaced at the next successful login. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the member does not exist makes an unknown e-mail take as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches!');
  await verifyPassword(await dummyHash, password);
  return false;
}
