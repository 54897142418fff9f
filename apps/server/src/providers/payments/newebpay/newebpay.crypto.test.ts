import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkValue,
  decryptAes,
  encryptAes,
  httpBuildQuery,
  parseTaipeiTime,
  sameDigest,
  taipeiParts,
  tradeSha,
} from './newebpay.crypto';

const KEY = 'Fs5cX1TGqYM2PpdbE14a9H83YQSQF5jn';
const IV = 'C6AcmfqJILwgnhIP';

/** What a standard implementation produces: Node's own PKCS#7 with 16-byte blocks. */
const nodeEncrypt = (plain: string) => {
  const c = crypto.createCipheriv('aes-256-cbc', KEY, IV);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('hex');
};

describe('NewebPay crypto', () => {
  it('decrypts the legacy 32-byte-block padding, which Node itself refuses', () => {
    const plain = JSON.stringify({ Status: 'SUCCESS', Message: 'ok', Result: { Amt: 100 } });
    const hex = encryptAes(plain, KEY, IV, 32);
    expect(hex.length % 64).toBe(0);
    expect(decryptAes(hex, KEY, IV)).toBe(plain);
    // a pad of 17..32 bytes is what breaks default unpadding; find a length that needs one
    const long = encryptAes('x'.repeat(8), KEY, IV, 32); // pad 24
    expect(() => {
      const d = crypto.createDecipheriv('aes-256-cbc', KEY, IV);
      Buffer.concat([d.update(Buffer.from(long, 'hex')), d.final()]);
    }).toThrow();
    expect(decryptAes(long, KEY, IV)).toBe('x'.repeat(8));
  });

  it('decrypts standard PKCS#7, and encrypts exactly as Node does', () => {
    const plain = 'MerchantID=MS1&Amt=1299&ItemDesc=eSIM+Japan';
    expect(encryptAes(plain, KEY, IV)).toBe(nodeEncrypt(plain));
    expect(decryptAes(nodeEncrypt(plain), KEY, IV)).toBe(plain);
    expect(decryptAes(nodeEncrypt('x'.repeat(16)), KEY, IV)).toBe('x'.repeat(16)); // a whole block of pad
  });

  it('keeps spaces inside values', () => {
    const plain = JSON.stringify({ Message: 'Authorised  OK', Result: { ItemDesc: 'Japan 7 days' } });
    expect(JSON.parse(decryptAes(encryptAes(plain, KEY, IV, 32), KEY, IV)).Result.ItemDesc).toBe(
      'Japan 7 days',
    );
    expect(decryptAes(encryptAes(' lead and trail ', KEY, IV), KEY, IV)).toBe(' lead and trail ');
  });

  it('refuses bad padding and malformed hex', () => {
    const raw = (bytes: Buffer) => {
      const c = crypto.createCipheriv('aes-256-cbc', KEY, IV);
      c.setAutoPadding(false);
      return Buffer.concat([c.update(bytes), c.final()]).toString('hex');
    };
    expect(() =>
      decryptAes(raw(Buffer.concat([Buffer.from('a'.repeat(15)), Buffer.from([0])])), KEY, IV),
    ).toThrow(/padding/);
    expect(() =>
      decryptAes(raw(Buffer.concat([Buffer.from('a'.repeat(13)), Buffer.from([2, 3, 3])])), KEY, IV),
    ).toThrow(/padding/);
    expect(() => decryptAes(raw(Buffer.alloc(48, 33)), KEY, IV)).toThrow(/padding/);
    expect(() => decryptAes('abc', KEY, IV)).toThrow(/hex/);
  });

  it('builds the query as PHP http_build_query does', () => {
    expect(httpBuildQuery({ A: 'a b', B: "x*y~z!'()", C: '中', D: undefined, E: 3 })).toBe(
      'A=a+b&B=x%2Ay%7Ez%21%27%28%29&C=%E4%B8%AD&E=3',
    );
  });

  it('labels CheckValue with Key/IV and CheckCode with HashKey/HashIV', () => {
    const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex').toUpperCase();
    expect(checkValue({ Amt: 100, MerchantID: 'MS1', MerchantOrderNo: 'A1' }, KEY, IV)).toBe(
      sha(`IV=${IV}&Amt=100&MerchantID=MS1&MerchantOrderNo=A1&Key=${KEY}`),
    );
    expect(checkCode({ Amt: 100, MerchantID: 'MS1', MerchantOrderNo: 'A1', TradeNo: 'T1' }, KEY, IV)).toBe(
      sha(`HashIV=${IV}&Amt=100&MerchantID=MS1&MerchantOrderNo=A1&TradeNo=T1&HashKey=${KEY}`),
    );
    expect(tradeSha('abc', KEY, IV)).toBe(sha(`HashKey=${KEY}&abc&HashIV=${IV}`));
    expect(sameDigest('abcdef', 'ABCDEF')).toBe(true);
    expect(sameDigest('abcdef', 'ABCDEE')).toBe(false);
  });

  it('reads and writes Taiwan time', () => {
    const at = Date.UTC(2026, 10, 23, 17, 30, 5); // 01:30:05 next day in Taipei
    expect(taipeiParts(at)).toEqual({ date: '2026-11-24', time: '01:30:05', compactDate: '20261124' });
    expect(parseTaipeiTime('2026-11-24 01:30:05')).toBe(at);
    expect(parseTaipeiTime('0000-00-00')).toBeNull();
  });
});
