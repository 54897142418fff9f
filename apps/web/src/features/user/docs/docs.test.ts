import { describe, expect, it } from 'vitest';
import { LOCALES } from '@simshop/contracts';
import { docLoaders, loadDocs } from './index';

describe('agreement and privacy documents', () => {
  it('exist in all five languages with the same sections, none empty', async () => {
    expect(Object.keys(docLoaders).sort()).toEqual([...LOCALES].sort());
    const en = await loadDocs('en');
    for (const lang of LOCALES) {
      const docs = await loadDocs(lang);
      for (const type of ['agreement', 'privacy'] as const) {
        const doc = docs[type];
        expect(Object.keys(doc.sections), `${lang} ${type}`).toEqual(Object.keys(en[type].sections));
        const texts = [doc.updated, doc.intro, ...Object.values(doc.sections).flatMap((s) => [s.h, s.p])];
        expect(
          texts.every((text) => text.trim().length > 0),
          `${lang} ${type}`,
        ).toBe(true);
      }
    }
  });

  it('are written in their own language, not copied from English', async () => {
    const en = await loadDocs('en');
    for (const lang of LOCALES.filter((l) => l !== 'en')) {
      const docs = await loadDocs(lang);
      expect(docs.agreement.sections.s1?.p, lang).not.toBe(en.agreement.sections.s1?.p);
      expect(docs.privacy.intro, lang).not.toBe(en.privacy.intro);
    }
  });
});
