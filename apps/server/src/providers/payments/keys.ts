import crypto from 'node:crypto';

/** An RSA key pair as PEM strings (PKCS#8 private, SPKI public), the form provider portals hand out. */
export type PemKeyPair = { privateKey: string; publicKey: string };

const RSA_2048 = {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
} as const;

/** Blocks for ~150 ms per pair: fine in tests, prefer the async one at server start. */
export const rsaPair = (): PemKeyPair => crypto.generateKeyPairSync('rsa', RSA_2048);

/** Generates on the libuv thread pool, so several pairs are made while the server starts. */
export const rsaPairAsync = (): Promise<PemKeyPair> =>
  new Promise((resolve, reject) =>
    crypto.generateKeyPair('rsa', RSA_2048, (err, publicKey, privateKey) =>
      err ? reject(err) : resolve({ privateKey, publicKey }),
    ),
  );

/** SHA256withRSA over UTF-8, base64 (WeChat Pay v3 and Alipay RSA2 sign the same way). */
export const rsaSign = (message: string, privateKeyPem: string) =>
  crypto.createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');

/** False on any malformed key or signature: a verifier must never throw its way past a check. */
export function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return crypto
      .createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A random alphanumeric string (nonces, APIv3 keys, NewebPay HashKey/HashIV). */
export function randomAlnum(length: number): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[(bytes[i] ?? 0) % ALNUM.length];
  return out;
}

/** A random string of decimal digits (trade numbers, auth codes). */
export const randomDigits = (length: number) =>
  Array.from(crypto.randomBytes(length), (b) => String(b % 10)).join('');
