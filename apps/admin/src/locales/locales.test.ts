import { describe, expect, it } from 'vitest';
import { LOCALES } from '@simshop/contracts';
import { MESSAGES } from '../lib/i18n';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const leaves = (o: object): string[] =>
  Object.values(o).flatMap((v) => (typeof v === 'object' && v ? leaves(v as object) : [String(v)]));
const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('console locales', () => {
  it('cover the five shop languages with exactly the English keys, none empty', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
    const english = keys(MESSAGES.en).sort();
    for (const lang of LOCALES) {
      expect(keys(MESSAGES[lang]).sort(), lang).toEqual(english);
      expect(
        leaves(MESSAGES[lang]).filter((s) => !s.trim()),
        lang,
      ).toEqual([]);
    }
  });

  it('keep every interpolation of the English text', () => {
    const flat = (o: object) => {
      const out: Record<string, string> = {};
      const walk = (x: object, p: string) =>
        Object.entries(x).forEach(([k, v]) =>
          typeof v === 'object' && v ? walk(v as object, `${p}${k}.`) : (out[`${p}${k}`] = String(v)),
        );
      walk(o, '');
      return out;
    };
    const en = flat(MESSAGES.en);
    for (const lang of LOCALES) {
      const other = flat(MESSAGES[lang]);
      for (const [k, v] of Object.entries(en)) expect(vars(other[k]!), `${lang} ${k}`).toEqual(vars(v));
    }
  });
});
