import { describe, expect, it } from 'vitest';
import { LOCALES } from '@simshop/contracts';
import { i18n, setLanguage } from '../../../lib/i18n';
import { deviceName } from './device-name';

// Issue 27: the device check's list is seeded in English; the words it adds to a family are said in the buyer's
// language, the makers' names stay.

describe('device names', () => {
  it('says the iPad families in the buyer language and keeps model names as they are', async () => {
    await setLanguage('zh-Hant');
    const t = i18n.getFixedT('zh-Hant');
    expect(deviceName('iPad Pro (2018 and later, cellular)', t)).toBe(
      'iPad Pro（2018 年及之後，行動網路版）',
    );
    expect(deviceName('iPad Air (3rd generation and later, cellular)', t)).toBe(
      'iPad Air（第 3 代及之後，行動網路版）',
    );
    expect(deviceName('iPhone 15 Pro', t)).toBe('iPhone 15 Pro');
    expect(deviceName('Galaxy Z Flip6', t)).toBe('Galaxy Z Flip6');
  });

  it('leaves no English family words in any other language', async () => {
    for (const l of LOCALES.filter((x) => x !== 'en')) {
      await setLanguage(l);
      const t = i18n.getFixedT(l);
      for (const m of [
        'iPad mini (5th generation and later, cellular)',
        'iPad Pro (2018 and later, cellular)',
      ])
        expect(deviceName(m, t), l).not.toMatch(/and later|cellular|generation/);
    }
  });
});
