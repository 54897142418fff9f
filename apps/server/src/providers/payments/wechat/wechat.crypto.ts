import crypto from 'node:crypto';

/**
 * WeChat Pay API v3 signatures and AEAD, shared by the adapter and the simulator so both sides speak one
 * wire format (cross-checked against wechatpay-node-v3 and wechatpay-axios-plugin in wechat.sdk.test.ts).
 */
/** SHA256withRSA and random strings are the same for every provider: one copy, in ../keys. */
export { randomAlnum, rsaSign, rsaVerify } from '../keys';

export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat's probe signatures, sent to check that merchants really verify: never a real notification. */
export const WECHATPAY_SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';
/** Notifications and requests older or newer than this are refused (replay window). */
export const WECHATPAY_MAX_SKEW_S = 300;

/** The five-line request message; every line ends in \n, the (possibly empty) body's too. */
export const requestMessage = (
  method: string,
  pathAndQuery: string,
  ts: string,
  nonce: string,
  body: string,
) => `${method}\n${pathAndQuery}\n${ts}\n${nonce}\n${body}\n`;

/** What a response or notification signature covers: the raw body bytes, never re-serialised JSON. */
export const responseMessage = (ts: string, nonce: string, body: string) => `${ts}\n${nonce}\n${body}\n`;

export type WechatAuthorization = {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
};

export const authorizationHeader = (a: WechatAuthorization) =>
  `${WECHATPAY_AUTH_SCHEMA} mchid="${a.mchid}",nonce_str="${a.nonce_str}",signature="${a.signature}",timestamp="${a.timestamp}",serial_no="${a.serial_no}"`;

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",...` in any field order; null when anything is missing. */
export function parseAuthorization(header: string | undefined): WechatAuthorization | null {
  if (!header?.startsWith(`${WECHATPAY_AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const [, k, v] of header.slice(WECHATPAY_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    // both groups are mandatory in the pattern
    if (k !== undefined && v !== undefined) fields[k] = v;
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** AEAD_AES_256_GCM as WeChat uses it: base64(ciphertext || 16-byte tag); key = the 32 ASCII bytes. */
export function aesGcmEncrypt(plaintext: string, apiV3Key: string, nonce: string, aad: string): string {
  const cipher = crypto.createCipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

/**
 * Decrypts and authenticates. `final()` is what checks the tag: a decipher that skips it (as one popular
 * SDK does) returns attacker-chosen plaintext for a forged tag. Throws on any failure.
 */
export function aesGcmDecrypt(ciphertextB64: string, apiV3Key: string, nonce: string, aad: string): string {
  const data = Buffer.from(ciphertextB64, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** RFC 3339 in China Standard Time, as WeChat writes time_expire and success_time. */
export function rfc3339Cst(epochMs: number): string {
  const shifted = new Date(Math.floor(epochMs / 1000) * 1000 + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
