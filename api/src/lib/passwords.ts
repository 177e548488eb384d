/**
 * Password hashes: node's scrypt (no native package), N = 2^15, r = 8, p = 1, a 64-byte key and a 16-byte random
 * salt, stored as a self-describing string `scrypt$N$r$p$salt$key` (base64), so the cost can be raised later without
 * breaking stored hashes. One hash takes ≈ 60–120 ms and 32 MiB here, run in libuv's thread pool (the event loop
 * stays free).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
/** scrypt needs 128·N·r bytes (32 MiB at these settings); node refuses anything over 32 MiB by default. */
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash, or null when it is not one this code wrote (parameters within what it could have written). */
function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  const parsed = { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
  const powerOfTwo = Number.isInteger(parsed.N) && parsed.N >= 2 ** 10 && parsed.N <= 2 ** 17 && (parsed.N & (parsed.N - 1)) === 0;
  if (!powerOfTwo || parsed.r < 1 || parsed.r > 16 || parsed.p < 1 || parsed.p > 4 || parsed.key.length < 16) return null;
  return parsed;
}

let dummy: Promise<string> | null = null;

/** Makes the dummy hash ahead of the first unknown login (which would otherwise take twice as long). */
export function warmUpPasswords(): void {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
}

/**
 * Whether a password matches a stored hash. Without one (an unknown login, an account with no password) the
 * password is checked against a dummy hash anyway: the answer takes as long either way, so its timing does not tell
 * whether an account exists.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    warmUpPasswords();
    const fake = parse(await dummy!)!;
    await scrypt(password, fake.salt, fake.key.length, { N: fake.N, r: fake.r, p: fake.p });
    return false;
  }
  const key = await scrypt(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.key);
}
