import { describe, expect, it } from 'vitest';
import { countryNames, formatData, groupIccid, leftRatio, supportsAppleOneTap } from './format';

describe('SIM card formatting', () => {
  it('groups an ICCID by four', () => {
    expect(groupIccid('89886012345678901233')).toBe('8988 6012 3456 7890 1233');
    expect(groupIccid('8988603210987654328')).toBe('8988 6032 1098 7654 328');
  });
  it('shows data in MB below a GB and in GB above', () => {
    expect(formatData(1.2 * 1024 ** 3, 'en')).toBe('1.2 GB');
    expect(formatData(5 * 1024 ** 3, 'en')).toBe('5 GB');
    expect(formatData(850 * 1024 ** 2, 'en')).toBe('850 MB');
    expect(formatData(1.5 * 1024 ** 2, 'fr')).toBe('1,5 Mo'); // French writes Go and Mo (glossary)
    expect(formatData(5 * 1024 ** 3, 'fr')).toBe('5 Go');
  });
  it('gives the share left, clamped, and a full bar when unlimited', () => {
    expect(leftRatio({ dataTotalBytes: 100, dataLeftBytes: 25 })).toBe(0.25);
    expect(leftRatio({ dataTotalBytes: 100, dataLeftBytes: -5 })).toBe(0);
    expect(leftRatio({ dataTotalBytes: null, dataLeftBytes: null })).toBe(1);
  });
  it('knows iOS 17.4 and later on an iPhone, nothing else', () => {
    const ua = (v: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15`;
    expect(supportsAppleOneTap(ua('17_4'))).toBe(true);
    expect(supportsAppleOneTap(ua('18_0'))).toBe(true);
    expect(supportsAppleOneTap(ua('17_3_1'))).toBe(false);
    expect(supportsAppleOneTap(ua('16_7'))).toBe(false);
    expect(supportsAppleOneTap('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(false);
    expect(supportsAppleOneTap('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe(false);
  });
  it('names the covered countries in the reader language', () => {
    expect(countryNames(['JP', 'KR'], 'en')).toBe('Japan · South Korea');
    expect(countryNames(['JP'], 'zh-Hant')).toBe('日本');
  });
});
