import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { normalizePhone } from './phone';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.codeName : String(e);
  }
  return 'no error';
};

describe('normalizePhone', () => {
  it('reads national numbers in the default region and returns E.164', () => {
    expect(normalizePhone('0912345678', 'TW')).toBe('+886912345678');
    expect(normalizePhone('0912-345 678', 'TW')).toBe('+886912345678');
    expect(normalizePhone('912345678', 'TW')).toBe('+886912345678');
  });
  it('accepts international numbers with + or the 00 prefix', () => {
    expect(normalizePhone('+86 138 1234 5678', 'TW')).toBe('+8613812345678');
    expect(normalizePhone('008613812345678', 'TW')).toBe('+8613812345678');
    expect(normalizePhone('+1 (202) 555-0123', 'TW')).toBe('+12025550123');
  });
  it('asks for the country code when the digits are only valid in another country', () => {
    expect(codeOf(() => normalizePhone('13812345678', 'TW'))).toBe('PHONE_COUNTRY_CODE_REQUIRED');
  });
  it('uses the configured default region', () => {
    expect(normalizePhone('13812345678', 'CN')).toBe('+8613812345678');
  });
  it('refuses garbage, letters, too short numbers and landlines', () => {
    for (const bad of [
      'abc',
      '1-800-FLOWERS',
      '12',
      '+886 12',
      '+8869123',
      '02 2345 6789',
      '+886223456789',
      '++886912345678',
    ])
      expect(
        codeOf(() => normalizePhone(bad, 'TW')),
        bad,
      ).toBe('PHONE_INVALID');
  });
});
