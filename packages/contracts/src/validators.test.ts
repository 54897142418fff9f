import { describe, expect, it } from 'vitest';
import { isValidIccid, isValidUbn } from './validators';

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
