import { describe, expect, it } from 'vitest';
import { esimVerdict, isValidEid } from './device-check';

describe('eSIM by where the phone was bought', () => {
  it('keeps a listed phone bought elsewhere', () => {
    expect(esimVerdict('Apple', 'iPhone 15 Pro', 'other', true)).toEqual({ esim: true, reason: 'listed' });
    expect(esimVerdict('Google', 'Pixel 8', 'CN', true)).toEqual({ esim: true, reason: 'listed' });
  });

  it('rules out iPhones from mainland China, Hong Kong and Macau', () => {
    for (const region of ['CN', 'HK', 'MO'] as const)
      expect(esimVerdict('Apple', 'iPhone 15 Pro', region, true)).toEqual({ esim: false, reason: 'region' });
    expect(esimVerdict('Apple', 'iPhone XS Max', 'HK', true).esim).toBe(false);
  });

  it("keeps Apple's documented exceptions: mini, SE and XS in Hong Kong and Macau, never in mainland China", () => {
    for (const model of [
      'iPhone 12 mini',
      'iPhone 13 mini',
      'iPhone SE (2020)',
      'iPhone SE (2022)',
      'iPhone XS',
    ]) {
      expect(esimVerdict('Apple', model, 'HK', true).esim).toBe(true);
      expect(esimVerdict('Apple', model, 'MO', true).esim).toBe(true);
      expect(esimVerdict('Apple', model, 'CN', true).esim).toBe(false);
    }
    // eSIM-only: has eSIM wherever it is sold
    expect(esimVerdict('Apple', 'iPhone Air', 'CN', true).esim).toBe(true);
  });

  it('says when the model is not on the list', () => {
    expect(esimVerdict('Apple', 'iPhone 8', 'other', false)).toEqual({ esim: false, reason: 'unlisted' });
  });
});

describe('EID check digits (mod 97 == 1)', () => {
  // GSMA SGP.29's example EID, and the same with its check digits or one digit changed
  const EID = '89049032123451234512345678901235';
  it('accepts a valid EID, with or without spaces', () => {
    expect(isValidEid(EID)).toBe(true);
    expect(isValidEid('8904 9032 1234 5123 4512 3456 7890 1235')).toBe(true);
  });

  it('refuses a mistyped digit, swapped digits, wrong length or letters', () => {
    expect(isValidEid(`${EID.slice(0, 10)}9${EID.slice(11)}`)).toBe(false);
    expect(isValidEid(`${EID.slice(0, 4)}${EID[5]}${EID[4]}${EID.slice(6)}`)).toBe(false);
    expect(isValidEid(EID.slice(1))).toBe(false);
    expect(isValidEid(`${EID.slice(0, 31)}A`)).toBe(false);
  });
});
