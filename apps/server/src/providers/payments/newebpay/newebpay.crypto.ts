import crypto from 'node:crypto';

/**
 * NewebPay's wire cryptography (payment-protocols.md §4.3 and §0a), shared by the adapter and the simulator.
 * TradeInfo and PostData_ are AES-256-CBC over a PHP http_build_query string, lowercase hex; TradeSha,
 * CheckValue and CheckCode are upper-case SHA-256 with the key and IV wrapped around the data.
 */

/** PHP urlencode: only [A-Za-z0-9._-] stay, a space becomes '+'. encodeURIComponent also leaves
 *  !'()*~ alone, which PHP encodes; the gateway decrypts and parses with PHP rules. */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP http_build_query over flat values, in the given order; undefined values are left out as PHP does for null. */
export function httpBuildQuery(params: Record<string, string | number | undefined>): string {
  return Object.entries(params)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${phpUrlEncode(k)}=${phpUrlEncode(String(v))}`)
    .join('&');
}

/**
 * AES-256-CBC with PKCS#7 padding to `block` bytes. The adapter sends standard 16-byte blocks (the current
 * manual); the simulator sends 32-byte blocks, as the legacy PHP sample (`addpadding($s, 32)`) does, so our
 * tolerant decryption is exercised.
 */
export function encryptAes(plain: string, hashKey: string, hashIV: string, block: 16 | 32 = 16): string {
  const data = Buffer.from(plain, 'utf8');
  const pad = block - (data.length % block);
  const cipher = crypto.createCipheriv(
    'aes-256-cbc',
    Buffer.from(hashKey, 'utf8'),
    Buffer.from(hashIV, 'utf8'),
  );
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([data, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('hex');
}

export class NewebPayCryptoError extends Error {}

/**
 * Decrypts TradeInfo/PostData_ and strips a valid PKCS#7 pad of 1 to 32 bytes. Node's own unpadding throws
 * on pads longer than 16 (the legacy 32-byte padding), and the SDK's habit of deleting every byte below 0x21
 * also deletes spaces inside values, so we turn auto-padding off and check the pad by hand.
 */
export function decryptAes(hex: string, hashKey: string, hashIV: string): string {
  if (!/^(?:[0-9a-fA-F]{32})+$/.test(hex))
    throw new NewebPayCryptoError('ciphertext is not whole AES blocks of hex');
  const decipher = crypto.createDecipheriv(
    'aes-256-cbc',
    Buffer.from(hashKey, 'utf8'),
    Buffer.from(hashIV, 'utf8'),
  );
  decipher.setAutoPadding(false);
  const data = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]);
  // at least one block (checked above), so there is a last byte; 0 would fail the check anyway
  const pad = data.at(-1) ?? 0;
  if (pad < 1 || pad > 32 || pad > data.length) throw new NewebPayCryptoError('bad padding');
  for (let i = data.length - pad; i < data.length; i++)
    if (data[i] !== pad) throw new NewebPayCryptoError('bad padding');
  return data.subarray(0, data.length - pad).toString('utf8');
}

const sha256Upper = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex').toUpperCase();

/** TradeSha = upper(SHA256("HashKey=" + key + "&" + TradeInfo + "&HashIV=" + iv)). */
export function tradeSha(tradeInfo: string, hashKey: string, hashIV: string): string {
  return sha256Upper(`HashKey=${hashKey}&${tradeInfo}&HashIV=${hashIV}`);
}

/** QueryTradeInfo's request check: the key is labelled "Key"/"IV" here, unlike CheckCode's "HashKey"/"HashIV". */
export function checkValue(
  p: { Amt: number | string; MerchantID: string; MerchantOrderNo: string },
  hashKey: string,
  hashIV: string,
): string {
  const q = httpBuildQuery({ Amt: p.Amt, MerchantID: p.MerchantID, MerchantOrderNo: p.MerchantOrderNo });
  return sha256Upper(`IV=${hashIV}&${q}&Key=${hashKey}`);
}

/** QueryTradeInfo's answer check, over the fields in alphabetical order, labelled "HashIV"/"HashKey". */
export function checkCode(
  p: { Amt: number | string; MerchantID: string; MerchantOrderNo: string; TradeNo: string },
  hashKey: string,
  hashIV: string,
): string {
  const q = httpBuildQuery({
    Amt: p.Amt,
    MerchantID: p.MerchantID,
    MerchantOrderNo: p.MerchantOrderNo,
    TradeNo: p.TradeNo,
  });
  return sha256Upper(`HashIV=${hashIV}&${q}&HashKey=${hashKey}`);
}

/** Constant-time comparison of two hex digests, case-insensitively (NewebPay's case is not guaranteed). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a.toUpperCase(), 'utf8');
  const y = Buffer.from(b.toUpperCase(), 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** A form body as NewebPay sends it (application/x-www-form-urlencoded), decoded once. */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Taiwan's wall clock (UTC+8, no daylight saving): NewebPay's dates and times are in it. */
const TAIPEI_OFFSET_MS = 8 * 3600_000;

export function taipeiParts(epochMs: number) {
  const d = new Date(epochMs + TAIPEI_OFFSET_MS);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
  const time = `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
  return { date, time, compactDate: date.replace(/-/g, '') };
}

/** Reads "yyyy-MM-dd HH:mm:ss" in Taiwan time; null when absent or malformed. */
export function parseTaipeiTime(s: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s ?? '');
  if (!m) return null;
  // all six groups are mandatory in the pattern, so the defaults never apply
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0] = m.slice(1).map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, sec) - TAIPEI_OFFSET_MS;
}
