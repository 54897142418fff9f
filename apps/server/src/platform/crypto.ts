import crypto from 'node:crypto';
import { ulid } from 'ulid';

/**
 * Field encryption for personal data at rest (identity documents): AES-256-GCM with a key derived from
 * the app secret by HKDF-SHA256, a random 96-bit IV per value, and an optional context (e.g. the table,
 * column and row) bound in as additional authenticated data so a ciphertext cannot be moved to another
 * row. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the version lets a later key or algorithm
 * coexist with old rows.
 */
const VERSION = 'v1';
const HKDF_SALT = 'simshop/field-encryption';
const HKDF_INFO = 'aes-256-gcm v1';

const keys = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
    keys.set(secret, key);
  }
  return key;
}

/** Encrypts a text value; `context` must be given again, identically, to decrypt it. */
export function encryptField(secret: string, plain: string, context = ''): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

/**
 * Decrypts a value made by encryptField; throws when it was tampered with, moved, or made with none of the
 * secrets. Several secrets: the current one first, then those being rotated out (APP_SECRET_PREVIOUS), so
 * values written before a rotation stay readable while new ones are written with the current secret.
 */
export function decryptField(secrets: string | readonly string[], stored: string, context = ''): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  let last: unknown = new Error('no secret to decrypt with');
  for (const secret of list) {
    try {
      return decryptWith(secret, stored, context);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

function decryptWith(secret: string, stored: string, context: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
    throw new Error('unknown field encryption format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The secrets a value may have been made with: the current one, then those being rotated out. */
export const acceptedSecrets = (config: { secret: string; previousSecrets: readonly string[] }) => [
  config.secret,
  ...config.previousSecrets,
];

/** Random bytes drawn a block at a time (one `randomBytes` call per 4 KiB), for ids that need many. */
let bytePool = Buffer.alloc(0);
let byteAt = 0;
function pooledByte(): number {
  if (byteAt >= bytePool.length) {
    bytePool = crypto.randomBytes(4096);
    byteAt = 0;
  }
  return bytePool[byteAt++]!;
}

/**
 * A new public id (ULID) from pooled random bytes: the library's own generator asks the system for one byte
 * per character (16 calls per id), a measurable share of an order create under load (issue 14).
 */
export const newPublicId = () => ulid(undefined, () => pooledByte() / 256);
