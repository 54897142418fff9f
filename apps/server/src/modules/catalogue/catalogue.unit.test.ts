import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { ResponseCache as Cache, type InvalidationBus } from '../../platform/answer-cache';
import { encodedForm } from '../../platform/compression';
import { CATALOGUE_CACHE_TTL_MS } from './catalogue.cache';
import { coveringCodes, destinationName, isKnownDestination } from './catalogue.destinations';
import { pickField, type Texts } from '../../platform/columns';
import { containsPattern, maskNickname, normalizeSearch, planSpecName, searchTerms } from './catalogue.text';

const loader = (value: unknown) => {
  let calls = 0;
  const load = async () => {
    calls += 1;
    return { data: value };
  };
  return { load, calls: () => calls };
};

/** Two or more caches joined like instances on Redis: what one publishes, the others receive. */
function memoryBus() {
  const members: ((tags: string[] | null) => void)[] = [];
  return (): InvalidationBus => {
    let mine: ((tags: string[] | null) => void) | null = null;
    return {
      publish: (tags) => members.filter((m) => m !== mine).forEach((m) => m(tags)),
      onMessage: (h) => {
        mine = h;
        members.push(h);
      },
      close: async () => undefined,
    };
  };
}

/** A cache as the catalogue's is set up. */
class ResponseCache extends Cache {
  constructor(ttlMs = CATALOGUE_CACHE_TTL_MS) {
    super({ ttlMs, maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 });
  }
}

describe('catalogue response cache', () => {
  it('answers the serialised envelope and loads once until invalidated', async () => {
    const cache = new ResponseCache();
    const l = loader({ a: 1 });
    expect((await cache.read('k', [], l.load)).body.toString()).toBe(
      '{"code":1000,"data":{"a":1},"message":"success"}',
    );
    await cache.read('k', [], l.load);
    expect(l.calls()).toBe(1);
    cache.invalidate();
    await cache.read('k', [], l.load);
    expect(l.calls()).toBe(2);
  });

  it('makes each compressed form of a kept answer once, the same bytes decompressed', async () => {
    const cache = new ResponseCache();
    const big = { text: '東京 eSIM 5GB '.repeat(300) };
    const answer = await cache.read('k', [], loader(big).load);
    const br = encodedForm(answer.body, 'br');
    const gzip = encodedForm(answer.body, 'gzip');
    expect(zlib.brotliDecompressSync(br)).toEqual(answer.body);
    expect(zlib.gunzipSync(gzip)).toEqual(answer.body);
    expect(br.length).toBeLessThan(answer.body.length / 10);
    const spy = vi.spyOn(zlib, 'brotliCompressSync');
    const again = await cache.read('k', [], loader(big).load);
    expect(encodedForm(again.body, 'br')).toBe(br);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('drops only the entries of a tag', async () => {
    const cache = new ResponseCache();
    const one = loader(1);
    const two = loader(2);
    await cache.read('goods1', ['goods:1'], one.load);
    await cache.read('goods2', ['goods:2'], two.load);
    cache.invalidate(['goods:1']);
    await cache.read('goods1', ['goods:1'], one.load);
    await cache.read('goods2', ['goods:2'], two.load);
    expect([one.calls(), two.calls()]).toEqual([2, 1]);
  });

  it('does not keep an answer read while a write landed', async () => {
    const cache = new ResponseCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.read('k', [], async () => {
      await gate;
      return { data: 'old' };
    });
    cache.invalidate();
    release();
    expect((await slow).body.toString()).toContain('"old"');
    const fresh = loader('new');
    expect((await cache.read('k', [], fresh.load)).body.toString()).toContain('"new"');
    expect(fresh.calls()).toBe(1);
  });

  it('loads a key once for concurrent readers', async () => {
    const cache = new ResponseCache();
    const l = loader('x');
    await Promise.all(Array.from({ length: 10 }, () => cache.read('k', [], l.load)));
    expect(l.calls()).toBe(1);
  });

  it('keeps an answer no longer than its own lifetime', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const load = async () => ({ data: (calls += 1), ttlMs: 0 });
    await cache.read('k', [], load);
    await cache.read('k', [], load);
    expect(calls).toBe(2);
  });

  it('passes invalidations to the other instances on the bus', async () => {
    const join = memoryBus();
    const a = new ResponseCache();
    const b = new ResponseCache();
    a.attach(join());
    b.attach(join());
    const la = loader('a');
    const lb = loader('b');
    await a.read('k', ['goods:1'], la.load);
    await b.read('k', ['goods:1'], lb.load);
    a.invalidate(['goods:1']);
    await b.read('k', ['goods:1'], lb.load);
    expect(lb.calls()).toBe(2);
    b.invalidate();
    await a.read('k', ['goods:1'], la.load);
    expect(la.calls()).toBe(2);
  });
});

describe('search text', () => {
  it('folds width and case the same way for text and query', () => {
    expect(normalizeSearch('ＪＡＰＡＮ')).toBe('japan');
    expect(normalizeSearch('  Japan\teSIM ')).toBe('japan esim');
    expect(searchTerms('Japan  japan ＳＩＭ')).toEqual(['japan', 'sim']);
    expect(searchTerms(undefined)).toEqual([]);
  });
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('texts', () => {
  it('falls back field by field: zh-Hant to zh-Hans to English', () => {
    const texts: Texts<{ title: string; subtitle?: string }> = {
      'zh-Hans': { title: '日本' },
      en: { title: 'Japan', subtitle: 'Fast' },
    };
    expect(pickField(texts, 'zh-Hant', 'title')).toBe('日本');
    expect(pickField(texts, 'zh-Hant', 'subtitle')).toBe('Fast');
    expect(pickField(texts, 'fr', 'title')).toBe('Japan');
    expect(pickField<{ title: string }, 'title'>({}, 'en', 'title')).toBeUndefined();
  });
  it('names plan specs in every language', () => {
    const spec = { data_mb: 5120, allowance: 'total' as const, validity_days: 15 };
    expect(planSpecName('en', spec)).toBe('5 GB / 15 days');
    expect(planSpecName('zh-Hant', spec)).toBe('5 GB / 15天');
    expect(planSpecName('es', { data_mb: 500, allowance: 'daily', validity_days: 1 })).toBe(
      '500 MB/día / 1 día',
    );
    expect(planSpecName('fr', { data_mb: null, allowance: 'total', validity_days: null })).toBe(
      'Données illimitées',
    );
    expect(planSpecName('en', { data_mb: null, allowance: null, validity_days: null })).toBe('Standard');
  });
  it('masks nicknames', () => {
    expect(maskNickname('王小明')).toBe('王***明');
    expect(maskNickname('Al')).toBe('A*');
    expect(maskNickname('')).toBe('***');
  });
});

describe('destinations', () => {
  it('knows which plans cover a country', () => {
    expect(coveringCodes('TH').sort()).toEqual(['ASIA', 'GLOBAL', 'SEA', 'TH']);
    expect(coveringCodes('SEA').sort()).toEqual(['ASIA', 'GLOBAL', 'SEA']);
    expect(coveringCodes('FR').sort()).toEqual(['EU', 'FR', 'GLOBAL']);
  });
  it('names destinations in every language, ICU for the rest', () => {
    expect(destinationName('HK', 'en')).toBe('Hong Kong');
    expect(destinationName('KR', 'zh-Hant')).toBe('韓國');
    expect(destinationName('PT', 'fr')).toBe('Portugal');
    expect(destinationName('GLOBAL', 'fr')).toBe('Monde');
  });
  it('accepts real countries and our regions only', () => {
    expect(['JP', 'PT', 'EU', 'GLOBAL'].every(isKnownDestination)).toBe(true);
    expect(['XX', 'ZZ', 'UN', 'EZ', 'QO'].some(isKnownDestination)).toBe(false);
  });
});
