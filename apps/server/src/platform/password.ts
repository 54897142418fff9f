import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;
/** scrypt needs 128 * N * r bytes; leave headroom over the 32 MB default for stored hashes with larger N. */
const MAX_MEM = 64 * 1024 * 1024;

/** Hashes a password with scrypt and a fresh salt, as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  const [scheme, , , , salt64, key64] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || salt64 === undefined || key64 === undefined) return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(salt64, 'base64url');
  const expected = Buffer.from(key64, 'base64url');
  if (!n || !r || !p || expected.length === 0) return false;
  const key = await scrypt(password.normalize('NFKC'), salt, expected.length, {
    N: n,
    r,
    p,
    maxmem: MAX_MEM,
  });
  return crypto.timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when there is no account or no password, so timing tells nothing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}
