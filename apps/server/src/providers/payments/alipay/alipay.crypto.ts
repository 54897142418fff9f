/**
 * Alipay Open Platform RSA2 (public-key mode) helpers shared by the adapter and the simulator, so both
 * sides speak one wire format (cross-checked against alipay-sdk in alipay.sdk.test.ts).
 */

/**
 * The string a signature covers: keys in ASCII order, `k=v` joined by `&`, raw (not URL-encoded) values,
 * empty values and the `exclude`d keys left out. Requests exclude only `sign`; notifications and returns
 * exclude `sign` and `sign_type`.
 */
export function signContent(params: Record<string, string | undefined>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const REQUEST_EXCLUDE = ['sign'] as const;
export const NOTIFY_EXCLUDE = ['sign', 'sign_type'] as const;

/** RSA2 is Alipay's name for SHA256withRSA, which WeChat Pay signs with too: one copy, in ../keys. */
export { rsaSign as rsa2Sign, rsaVerify as rsa2Verify } from '../keys';

/** "yyyy-MM-dd HH:mm:ss" in GMT+8, Alipay's clock for timestamp, time_expire and gmt_* fields. */
export function alipayTime(epochMs: number): string {
  const iso = new Date(Math.floor(epochMs / 1000) * 1000 + 8 * 3600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function parseAlipayTime(s: string | undefined): number | null {
  if (!s || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(s)) return null;
  const t = Date.parse(`${s.replace(' ', 'T')}+08:00`);
  return Number.isFinite(t) ? t : null;
}

/** Minor units -> Alipay's yuan string with exactly two decimals; integer arithmetic, no floats. */
export function toYuan(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`bad amount ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string -> minor units; null unless it is a plain decimal with at most two places. */
export function fromYuan(s: string | undefined): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Decodes an application/x-www-form-urlencoded body once, in the charset the form names (utf-8 unless
 * `charset=` says otherwise, e.g. gbk). Decoding twice, or as UTF-8 regardless, changes values such as a
 * passback_params holding `%25` or `+`, and the signature then fails.
 */
export function decodeForm(raw: string): Record<string, string> {
  const pairs = raw.split('&').filter(Boolean);
  const bytesOf = (s: string) => {
    const out: number[] = [];
    const plus = s.replace(/\+/g, ' ');
    for (let i = 0; i < plus.length; i++) {
      const c = plus[i];
      if (c === '%' && /^[0-9a-fA-F]{2}$/.test(plus.slice(i + 1, i + 3))) {
        out.push(parseInt(plus.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        // whole code points, so a stray non-ASCII character survives as itself
        const ch = String.fromCodePoint(plus.codePointAt(i) ?? 0xfffd);
        out.push(...Buffer.from(ch, 'utf8'));
        i += ch.length - 1;
      }
    }
    return Uint8Array.from(out);
  };
  const named = pairs.find((p) => p.split('=', 1)[0] === 'charset');
  const charset =
    named !== undefined ? new TextDecoder().decode(bytesOf(named.slice('charset='.length))) : 'utf-8';
  const decoder = new TextDecoder(charset.trim().toLowerCase() || 'utf-8', { fatal: true });
  const fields: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    const k = decoder.decode(bytesOf(eq < 0 ? p : p.slice(0, eq)));
    fields[k] = eq < 0 ? '' : decoder.decode(bytesOf(p.slice(eq + 1)));
  }
  return fields;
}

/**
 * The exact text of each top-level member's value in a JSON object, as sent. Alipay signs the raw
 * `xxx_response` substring, so it must be cut out of the body, never re-serialised.
 */
export function rawMembers(json: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = json.indexOf('{');
  if (i < 0) return out;
  i++;
  const skipWs = () => {
    while (i < json.length && /\s/.test(json.charAt(i))) i++;
  };
  const readString = () => {
    const start = i;
    i++;
    while (i < json.length && json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
    i++;
    return json.slice(start, i);
  };
  while (i < json.length) {
    skipWs();
    if (json[i] === '}') break;
    if (json[i] === ',') {
      i++;
      continue;
    }
    if (json[i] !== '"') return out;
    const key = JSON.parse(readString()) as string;
    skipWs();
    if (json[i] !== ':') return out;
    i++;
    skipWs();
    const start = i;
    let depth = 0;
    while (i < json.length) {
      const c = json[i];
      if (c === '"') {
        readString();
        if (depth === 0) break;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      } else if (depth === 0 && c === ',') break;
      i++;
    }
    out.set(key, json.slice(start, i).trim());
  }
  return out;
}
