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
