import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceChoice, isCitizenCertificate, isLoveCode, isMobileBarcode } from './einvoice';
import { isValidUbn } from './validators';

const BARCODE_CHARS = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.+-'];

describe('mobile barcode carrier', () => {
  it('takes "/" and 7 of 0-9 A-Z . + -', () => {
    for (const c of ['/ABC1234', '/A.B+C-1', '/0000000', '/+++++++', '/Z9-.+AB'])
      expect(isMobileBarcode(c)).toBe(true);
  });
  it('refuses other lengths, lower case, other characters and a missing slash', () => {
    for (const c of ['ABC12345', '/ABC123', '/ABC12345', '/abc1234', '/ABC_123', '/ABC 123', '//ABC123', ''])
      expect(isMobileBarcode(c)).toBe(false);
  });
  it('property: every "/" + 7 allowed characters passes, any other character fails', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BARCODE_CHARS), { minLength: 7, maxLength: 7 }),
        fc.nat(6),
        fc.string({ minLength: 1, maxLength: 1 }).filter((ch) => !BARCODE_CHARS.includes(ch)),
        (chars, at, bad) => {
          expect(isMobileBarcode(`/${chars.join('')}`)).toBe(true);
          const broken = [...chars];
          broken[at] = bad;
          expect(isMobileBarcode(`/${broken.join('')}`)).toBe(false);
        },
      ),
    );
  });
});

describe('citizen digital certificate carrier', () => {
  it('takes 2 capital letters and 14 digits', () => {
    expect(isCitizenCertificate('AB12345678901234')).toBe(true);
    expect(isCitizenCertificate('ZZ00000000000000')).toBe(true);
  });
  it('refuses the rest', () => {
    for (const c of [
      'ab12345678901234',
      'A112345678901234',
      'AB1234567890123',
      'AB123456789012345',
      'ABC2345678901234',
    ])
      expect(isCitizenCertificate(c)).toBe(false);
  });
});

describe('love code', () => {
  it('takes 3 to 7 digits', () => {
    for (const c of ['168', '8585', '5299', '1234567']) expect(isLoveCode(c)).toBe(true);
  });
  it('refuses shorter, longer and non-digits', () => {
    for (const c of ['12', '12345678', '12a4', '', ' 123']) expect(isLoveCode(c)).toBe(false);
  });
});

describe('UBN (unified business number)', () => {
  it('accepts totals divisible by 10 (valid under the old and the current rule)', () => {
    expect(isValidUbn('04595257')).toBe(true); // total 40
    expect(isValidUbn('22099131')).toBe(true); // total 30
  });
  it('accepts totals divisible by 5 only: the current rule (Ministry of Finance, from 2023)', () => {
    expect(isValidUbn('04595252')).toBe(true); // total 35: refused by the old divisible-by-10 rule
    expect(isValidUbn('10000004')).toBe(true); // total 5
  });
  it('accepts a 7th digit of 7 when total + 1 is divisible by 5', () => {
    expect(isValidUbn('12345675')).toBe(true); // total 39, 39 + 1 = 40
  });
  it('refuses bad checksums and malformed input', () => {
    for (const u of ['12345678', '04595258', '0459525', '045952577', 'A4595257', ''])
      expect(isValidUbn(u)).toBe(false);
  });
  it('property: the last digit moved by 5 keeps a UBN valid, moved by anything else breaks it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }), (head) => {
        fc.pre(head[6] !== 7);
        const valid = [...Array(10).keys()]
          .map((d) => `${head.join('')}${d}`)
          .filter((u) => isValidUbn(u))
          .map((u) => Number(u.at(-1)));
        // exactly two last digits pass, five apart
        expect(valid).toHaveLength(2);
        expect(Math.abs((valid[1] ?? 0) - (valid[0] ?? 0))).toBe(5);
      }),
    );
  });
});

describe('invoiceChoice', () => {
  it('upper-cases and checks carriers; needs a valid UBN and a title for a company', () => {
    expect(invoiceChoice.parse({ kind: 'mobile', code: ' /abc1234 ' })).toEqual({
      kind: 'mobile',
      code: '/ABC1234',
    });
    expect(invoiceChoice.safeParse({ kind: 'mobile', code: '/ABC12' }).success).toBe(false);
    expect(invoiceChoice.safeParse({ kind: 'donation', loveCode: '12' }).success).toBe(false);
    expect(invoiceChoice.safeParse({ kind: 'company', ubn: '12345678', title: 'ACME' }).success).toBe(false);
    expect(invoiceChoice.safeParse({ kind: 'company', ubn: '04595252', title: '' }).success).toBe(false);
    expect(
      invoiceChoice.parse({ kind: 'company', ubn: '04595252', title: '旅行電信股份有限公司' }).kind,
    ).toBe('company');
    expect(invoiceChoice.parse({ kind: 'member' })).toEqual({ kind: 'member' });
  });
  it('names the rule a bad carrier broke, for a message in the buyer language', () => {
    const r = invoiceChoice.safeParse({ kind: 'certificate', code: 'A1' });
    const issue = r.success ? undefined : r.error.issues[0];
    expect(issue && 'params' in issue ? issue.params : null).toEqual({ rule: 'citizenCertificate' });
  });
});
