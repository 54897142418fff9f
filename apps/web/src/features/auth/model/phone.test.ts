import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone';

describe('checkPhone', () => {
  it('reads a Taiwan mobile typed nationally, with or without separators, as E.164', () => {
    expect(checkPhone({ dial: '886', number: '0912345678' })).toEqual({ ok: true, e164: '+886912345678' });
    expect(checkPhone({ dial: '886', number: '0912-345 678' })).toEqual({ ok: true, e164: '+886912345678' });
  });

  it('takes a whole international number as typed, whatever country code is selected', () => {
    expect(checkPhone({ dial: '886', number: '+86 138 0013 8000' })).toEqual({
      ok: true,
      e164: '+8613800138000',
    });
    expect(checkPhone({ dial: '886', number: '0085291234567' })).toEqual({ ok: true, e164: '+85291234567' });
  });

  it('asks for the country code when the digits are a mobile of another country', () => {
    expect(checkPhone({ dial: '886', number: '13800138000' })).toEqual({
      ok: false,
      error: 'countryCodeRequired',
    });
  });

  it('rejects empty input, letters, landlines and numbers of the wrong shape', () => {
    expect(checkPhone({ dial: '886', number: '  ' })).toEqual({ ok: false, error: 'required' });
    expect(checkPhone({ dial: '886', number: '09123abc78' })).toEqual({ ok: false, error: 'invalid' });
    expect(checkPhone({ dial: '886', number: '0223456789' })).toEqual({ ok: false, error: 'invalid' });
    expect(checkPhone({ dial: '886', number: '+886 2 2345 6789' })).toEqual({ ok: false, error: 'invalid' });
    expect(checkPhone({ dial: '886', number: '123' })).toEqual({ ok: false, error: 'invalid' });
  });

  it('says the number does not fit a country code the person chose, instead of asking for a code', () => {
    expect(checkPhone({ dial: '81', number: '0912345678' })).toEqual({ ok: false, error: 'notForCountry' });
    expect(checkPhone({ dial: '86', number: '123456789' })).toEqual({ ok: false, error: 'notForCountry' });
    expect(checkPhone({ dial: '81', number: '090 1234 5678' })).toEqual({ ok: true, e164: '+819012345678' });
  });
});
