import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem } from '@simshop/contracts';
import { call, createTestApp, defined, type TestApp } from '../../test/harness';
import { invalidateDictCache } from './dict.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const data = (body: unknown, language = 'en') =>
  call(t.app, 'POST', 'app/dict/info/data', { body, language });
const typeId = async (key: string) =>
  (await t.ctx.db.selectFrom('dict_type').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

describe('dictionary types', () => {
  it('lists the shop dictionaries named in the caller language', async () => {
    const en = await call(t.app, 'GET', 'app/dict/info/types', { language: 'en' });
    expect(en.code).toBe(1000);
    const keys = en.data.map((d: { key: string }) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'refundReason',
        'complainType',
        'feedbackType',
        'idType',
        'orderCancelReason',
        'region',
      ]),
    );
    expect(en.data.find((d: { key: string }) => d.key === 'refundReason').name).toBe('Refund reason');
    const hant = await call(t.app, 'GET', 'app/dict/info/types', { language: 'zh-Hant' });
    expect(hant.data.find((d: { key: string }) => d.key === 'feedbackType').name).toBe('意見回饋類型');
  });
});

describe('dictionary data', () => {
  it('answers every dictionary when no types are asked for, items ordered with value, label and desc', async () => {
    const res = await data({});
    expect(res.code).toBe(1000);
    expect(Object.keys(res.data)).toEqual(expect.arrayContaining(['refundReason', 'region', 'idType']));
    const reasons: DictItem[] = res.data.refundReason;
    expect(reasons.map((r) => r.value)).toEqual([
      'no_longer_needed',
      'not_as_described',
      'wrong_item',
      'not_received',
      'quality',
      'activation_failed',
      'other',
    ]);
    expect(reasons[0]).toMatchObject({
      name: 'No longer needed',
      label: 'No longer needed',
      desc: null,
      parentId: null,
      orderNum: 1,
    });
    expect(reasons.map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('works without a body at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/dict/info/data',
      headers: { language: 'en' },
    });
    expect(res.json().code).toBe(1000);
    expect(res.json().data.idType.map((i: DictItem) => i.value)).toEqual(['TW_ID', 'PASSPORT']);
  });

  it('answers only the requested types and leaves unknown keys out', async () => {
    const res = await data({ types: ['idType', 'noSuchType'] });
    expect(Object.keys(res.data)).toEqual(['idType']);
  });

  it('nests regions as a tree: Taiwan with its cities as children', async () => {
    const res = await data({ types: ['region'] }, 'zh-Hant');
    const roots: DictItem[] = res.data.region;
    expect(roots).toHaveLength(1);
    const root = defined(roots[0], 'the region root');
    expect(root).toMatchObject({ name: '台灣', value: 'TW', parentId: null });
    const cities = root.children ?? [];
    // Taiwan's 22 counties and cities (north to south), each with its districts keyed by postal code
    expect(cities).toHaveLength(22);
    expect(cities.slice(0, 3).map((c) => c.name)).toEqual(['臺北市', '基隆市', '新北市']);
    expect(cities.map((c) => c.name)).toEqual(
      expect.arrayContaining(['桃園市', '臺中市', '臺南市', '高雄市']),
    );
    for (const c of cities) expect(c.parentId).toBe(root.id);
    expect(cities[0]?.children?.[0]).toMatchObject({ name: '中正區', value: '100', parentId: cities[0]?.id });
  });

  it('names items in each of the five languages', async () => {
    const names = async (language: string) =>
      ((await data({ types: ['complainType'] }, language)).data.complainType as DictItem[])[1]?.name;
    expect(await names('zh-Hans')).toBe('物流配送');
    expect(await names('zh-Hant')).toBe('物流配送');
    expect(await names('en')).toBe('Delivery');
    expect(await names('es')).toBe('Envío');
    expect(await names('fr')).toBe('Livraison');
  });

  it('rejects a types field that is not a list, naming the field', async () => {
    const res = await data({ types: 'refundReason' });
    expect(res.code).toBe(1001);
    expect(res.message).toContain('Dictionary types');
  });
});

describe('dictionary cache', () => {
  it('serves the cached answer until the dictionaries change, then the new rows, with fallbacks', async () => {
    const before = await data({ types: ['feedbackType'] }, 'es');
    const id = (
      await t.ctx.db
        .insertInto('dict_info')
        .values({
          type_id: await typeId('feedbackType'),
          name: '物流建议',
          name_i18n: JSON.stringify({ en: 'Delivery suggestion' }),
          value: null,
          description: 'about delivery',
          parent_id: null,
          order_num: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // cached: the row written behind the cache's back is not seen yet
    expect((await data({ types: ['feedbackType'] }, 'es')).data).toEqual(before.data);

    invalidateDictCache(t.ctx.db);
    const es = (await data({ types: ['feedbackType'] }, 'es')).data.feedbackType as DictItem[];
    expect(es).toHaveLength(before.data.feedbackType.length + 1);
    // order number 0 sorts first; an empty value falls back to the id; Spanish falls back to English
    expect(es[0]).toMatchObject({
      id,
      value: String(id),
      name: 'Delivery suggestion',
      desc: 'about delivery',
    });
    const hant = (await data({ types: ['feedbackType'] }, 'zh-Hant')).data.feedbackType as DictItem[];
    expect(hant[0]?.name).toBe('物流建议'); // Chinese falls back to the default Chinese name, not English
  });
});
