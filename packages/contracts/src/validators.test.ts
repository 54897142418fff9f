import { describe, expect, it } from 'vitest';
import {
  checkProviderIccid,
  formatActivationCode,
  isValidIccid,
  isValidUbn,
  parseActivationCode,
  passesLuhn,
} from './validators';

describe('isValidUbn', () => {
  it('accepts real unified business numbers', () => {
    for (const ubn of ['04595257', '22099131', '10458575']) expect(isValidUbn(ubn)).toBe(true);
  });
  it('accepts a 7th digit of 7 when only total + 1 is divisible by 5 (its product 28 counts as 1 or 0)', () => {
    // digit sums of the products total 39 and 29: invalid as they stand, valid with the 7th-digit rule
    expect(isValidUbn('12345675')).toBe(true);
    expect(isValidUbn('10458574')).toBe(true);
  });
  it('does not apply the +1 rule when the 7th digit is not 7', () => {
    expect(isValidUbn('04595256')).toBe(false); // total 39, 7th digit 5
  });
  it('refuses a wrong check digit, wrong length and non-digits', () => {
    expect(isValidUbn('04595258')).toBe(false);
    expect(isValidUbn('22099132')).toBe(false);
    expect(isValidUbn('1234567')).toBe(false);
    expect(isValidUbn('1234567a')).toBe(false);
  });
});

describe('isValidIccid', () => {
  it('accepts 19- and 20-digit ICCIDs with a valid Luhn check digit', () => {
    expect(isValidIccid('8988603210987654328')).toBe(true);
    expect(isValidIccid('89886012345678901233')).toBe(true);
  });
  it('refuses a wrong check digit, wrong length, another prefix and non-digits', () => {
    expect(isValidIccid('8988603210987654321')).toBe(false);
    expect(isValidIccid('89886012345678901234')).toBe(false);
    expect(isValidIccid('898860321098765432')).toBe(false);
    expect(isValidIccid('1288603210987654321')).toBe(false);
    expect(isValidIccid('89886032109876543a1')).toBe(false);
  });
});

describe('checkProviderIccid (what a partner hands us: warn, do not refuse)', () => {
  it('accepts a valid ICCID without a warning, spaces and dashes ignored', () => {
    expect(checkProviderIccid('8988 6032 1098 7654 328')).toEqual({
      iccid: '8988603210987654328',
      warning: null,
    });
  });
  it('accepts a non-Luhn, odd-length or odd-prefix ICCID with a warning, where a typed one is refused', () => {
    expect(isValidIccid('89886012345678901234')).toBe(false);
    expect(checkProviderIccid('89886012345678901234')?.warning).toBe('not_luhn');
    expect(checkProviderIccid('898860123456789012')?.warning).toBe('unusual_length');
    expect(checkProviderIccid('1288603210987654321')?.warning).toBe('unusual_prefix');
  });
  it('refuses what is not an ICCID at all', () => {
    expect(checkProviderIccid('89886032109876543a1')).toBeNull();
    expect(checkProviderIccid('8988')).toBeNull();
    expect(checkProviderIccid('')).toBeNull();
  });
  it('Luhn over all digits', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('parseActivationCode (GSMA SGP.22 §4.1, payment-protocols.md §0a)', () => {
  it("parses the brief's example", () => {
    expect(parseActivationCode('LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815')).toEqual({
      smdpAddress: 'smdp.example.com',
      matchingId: '04386-AGYFT-A74Y8-3F815',
      confirmationRequired: false,
    });
  });
  it('accepts the optional fields: no prefix, OID, confirmation flag, CI key indicator, delete notification', () => {
    expect(parseActivationCode('1$rsp.truphone.com$QR-G-5C-1LS-1W1Z9P7')).toMatchObject({
      matchingId: 'QR-G-5C-1LS-1W1Z9P7',
    });
    expect(parseActivationCode('LPA:1$smdp.io$K2-1A-2B$1.3.6.1.4.1.31746')).toEqual({
      smdpAddress: 'smdp.io',
      matchingId: 'K2-1A-2B',
      oid: '1.3.6.1.4.1.31746',
      confirmationRequired: false,
    });
    expect(parseActivationCode('LPA:1$smdp.io$K2-1A-2B$$1')?.confirmationRequired).toBe(true);
    expect(parseActivationCode('LPA:1$smdp.io$K2-1A-2B$$')?.confirmationRequired).toBe(false);
    expect(
      parseActivationCode('LPA:1$smdp.io$K2$1.2.3$1$F54172BDF9A13BF6A1A9D9D5AF2E2B1F9B2A0A11$1'),
    ).toMatchObject({
      oid: '1.2.3',
      confirmationRequired: true,
    });
  });
  it('accepts an empty Matching ID', () => {
    expect(parseActivationCode('1$smdp.example.com$$1.3.6.1')).toEqual({
      smdpAddress: 'smdp.example.com',
      matchingId: '',
      oid: '1.3.6.1',
      confirmationRequired: false,
    });
  });
  it('refuses broken codes', () => {
    for (const bad of [
      '',
      'LPA:',
      'LPA:1$smdp.example.com',
      'LPA:2$smdp.example.com$ABC',
      'LPA:1$$ABC',
      'LPA:1$smdp example.com$ABC',
      'LPA:1$-smdp.example.com$ABC',
      'LPA:1$smdp.example.com$ABC$$2',
      'LPA:1$smdp.example.com$ABC$not-an-oid',
      'LPA:1$smdp.example.com$AB C',
      'lpa:1$smdp.example.com$ABC',
      'LPA:1$smdp.example.com$ABC$$1$key$1$extra',
    ])
      expect(parseActivationCode(bad), bad).toBeNull();
  });
  it('formats back to the QR string, round-tripping', () => {
    for (const s of [
      'LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815',
      'LPA:1$smdp.io$K2-1A-2B$$1',
      'LPA:1$smdp.io$K2-1A-2B$1.3.6.1.4.1.31746$1',
      'LPA:1$smdp.example.com$$1.3.6.1',
    ]) {
      const code = parseActivationCode(s);
      expect(code).not.toBeNull();
      if (code) expect(formatActivationCode(code)).toBe(s);
    }
    expect(
      formatActivationCode(
        { smdpAddress: 'a.b', matchingId: 'X', confirmationRequired: false },
        { prefix: false },
      ),
    ).toBe('1$a.b$X');
  });
});
