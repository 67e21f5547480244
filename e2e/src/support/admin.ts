import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from './paths';

const run = promisify(execFile);

export interface CreatedAdmin {
  email: string;
  password: string;
  totpSecret: string;
}

/** Runs the documented admin command (`npm run admin:create -- ...`) against the server's DATA_DIR. */
export async function createAdmin(dataDir: string, email: string, password: string): Promise<CreatedAdmin> {
  const { stdout } = await run(
    process.execPath,
    ['server/dist/admin-create.mjs', '--email', email, '--password', password],
    { cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
  );
  const totpSecret = /TOTP secret:\s*(\S+)/.exec(stdout)?.[1];
  const uri = /otpauth:\/\/\S+/.exec(stdout)?.[0];
  if (!totpSecret || !uri) throw new Error(`admin:create printed no secret / otpauth URI:\n${stdout}`);
  return { email, password, totpSecret };
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * RFC 6238 TOTP (SHA-1, 30 s, 6 digits) written independently of the server's library, so the test also proves
 * the server speaks the standard every authenticator app implements.
 */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
