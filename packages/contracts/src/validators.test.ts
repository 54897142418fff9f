import { describe, expect, it } from 'vitest';
import { isValidUbn } from './validators';

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
