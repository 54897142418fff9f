import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MAX_PER_USER } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const api = (
  method: 'GET' | 'POST',
  path: string,
  token: string,
  o: { body?: unknown; query?: Record<string, string>; language?: string } = {},
) => call(t.app, method, `app/user/address/${path}`, { token, ...o });

const taipei = {
  contact: '王小明',
  phone: '0912 345 678',
  countyCode: 'TPE',
  districtCode: '106',
  detail: '復興南路一段 100 號 5 樓',
};

async function shopper() {
  return (await createUser(t.ctx)).token;
}

describe('adding and reading addresses', () => {
  it('stores a Taiwan address by dictionary codes, names it in the caller language and normalises the mobile', async () => {
    const token = await shopper();
    const res = await api('POST', 'add', token, { body: taipei, language: 'zh-Hant' });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({
      contact: '王小明',
      phone: '+886912345678',
      country: 'TW',
      countyCode: 'TPE',
      countyName: '臺北市',
      districtCode: '106',
      districtName: '大安區',
      postalCode: '106',
      isDefault: true,
    });
    expect(res.data.fullAddress).toBe('106 臺北市大安區復興南路一段 100 號 5 樓');
    const en = await api('GET', 'info', token, { query: { id: String(res.data.id) } });
    expect(en.data).toMatchObject({ countyName: 'Taipei City', districtName: "Da'an District" });
    expect(en.data.fullAddress).toBe("復興南路一段 100 號 5 樓, Da'an District, Taipei City 106, Taiwan");
  });

  it('keeps an address abroad as free text with its own country code', async () => {
    const token = await shopper();
    const res = await api('POST', 'add', token, {
      body: {
        contact: 'Yuki',
        phone: '090-1234-5678',
        country: 'jp',
        region: 'Tokyo, Shibuya',
        postalCode: '150-0002',
        detail: '1-2-3 Shibuya',
        countyCode: 'TPE',
      },
    });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({
      country: 'JP',
      phone: '+819012345678',
      countyCode: null,
      districtCode: null,
      region: 'Tokyo, Shibuya',
    });
    expect(res.data.fullAddress).toBe('1-2-3 Shibuya, Tokyo, Shibuya 150-0002, Japan');
  });

  it('refuses a region that is not in the dictionary, a district of another county, and bad mobile numbers', async () => {
    const token = await shopper();
    const bad = [
      { ...taipei, countyCode: 'XXX' },
      { ...taipei, districtCode: '800' },
      { ...taipei, countyCode: null },
      { ...taipei, districtCode: undefined },
      { ...taipei, country: 'ZZ' },
    ];
    for (const body of bad) {
      const res = await api('POST', 'add', token, { body });
      expect(res.code, JSON.stringify(body)).toBe(4011);
      expect(res.message).toBe('Please choose a valid region');
    }
    expect((await api('POST', 'add', token, { body: { ...taipei, phone: '12345' } })).code).toBe(2008);
    // a Japanese mobile typed without +81 on a Taiwan address
    const foreign = await api('POST', 'add', token, {
      body: { ...taipei, phone: '09012345678' },
      language: 'fr',
    });
    expect(foreign.code).toBe(2009);
    expect((await api('POST', 'list', token, { body: {} })).data).toEqual([]);
  });

  it('answers missing or wrong fields with the field and rule in the caller language', async () => {
    const token = await shopper();
    const noContact = await api('POST', 'add', token, { body: { ...taipei, contact: '  ' } });
    expect(noContact).toMatchObject({ status: 200, code: 1001, message: 'Recipient: is required' });
    const zh = await api('POST', 'add', token, { body: { ...taipei, detail: '' }, language: 'zh-Hans' });
    expect(zh.message).toBe('详细地址不能为空');
    const long = await api('POST', 'add', token, { body: { ...taipei, detail: 'x'.repeat(201) } });
    expect(long.message).toBe('Detailed address: must be at most 200 characters');
    expect((await api('GET', 'info', token, { query: { id: 'abc' } })).code).toBe(1001);
  });

  it('lists and pages the addresses, default first', async () => {
    const token = await shopper();
    for (const detail of ['A', 'B', 'C']) await api('POST', 'add', token, { body: { ...taipei, detail } });
    const list = await api('POST', 'list', token, { body: {} });
    expect(list.data.map((a: { detail: string }) => a.detail)).toEqual(['A', 'C', 'B']);
    const page = await api('POST', 'page', token, { body: { page: 2, size: 2 } });
    expect(page.data.pagination).toEqual({ page: 2, size: 2, total: 3 });
    expect(page.data.list.map((a: { detail: string }) => a.detail)).toEqual(['B']);
  });

  it(`keeps at most ${ADDRESS_MAX_PER_USER} addresses`, async () => {
    const token = await shopper();
    for (let i = 0; i < ADDRESS_MAX_PER_USER; i += 1)
      await api('POST', 'add', token, { body: { ...taipei, detail: `No. ${i}` } });
    const res = await api('POST', 'add', token, { body: taipei });
    expect(res.code).toBe(4010);
    expect(res.message).toBe(`You can keep at most ${ADDRESS_MAX_PER_USER} addresses`);
  });
});

describe('the default address', () => {
  it('makes the first address the default, moves it when asked, and keeps exactly one', async () => {
    const token = await shopper();
    expect((await api('GET', 'default', token)).data).toBeNull();
    const first = (await api('POST', 'add', token, { body: { ...taipei, detail: 'first' } })).data;
    const second = (await api('POST', 'add', token, { body: { ...taipei, detail: 'second' } })).data;
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    const third = (await api('POST', 'add', token, { body: { ...taipei, detail: 'third', isDefault: true } }))
      .data;
    expect(third.isDefault).toBe(true);
    expect((await api('GET', 'default', token)).data.id).toBe(third.id);
    await api('POST', 'update', token, { body: { id: second.id, isDefault: true } });
    const list = (await api('POST', 'list', token, { body: {} })).data;
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: number }) => a.id)).toEqual([
      second.id,
    ]);
    // "not default" on the default is ignored: there is always one
    await api('POST', 'update', token, { body: { id: second.id, isDefault: false } });
    expect((await api('GET', 'default', token)).data.id).toBe(second.id);
  });

  it('promotes the newest address when the default is deleted', async () => {
    const token = await shopper();
    const a = (await api('POST', 'add', token, { body: { ...taipei, detail: 'a' } })).data;
    const b = (await api('POST', 'add', token, { body: { ...taipei, detail: 'b' } })).data;
    const c = (await api('POST', 'add', token, { body: { ...taipei, detail: 'c' } })).data;
    const res = await api('POST', 'delete', token, { body: { ids: [a.id] } });
    expect(res.data).toEqual({ deleted: 1, defaultId: c.id });
    expect((await api('GET', 'default', token)).data.id).toBe(c.id);
    expect((await api('POST', 'delete', token, { body: { ids: [b.id] } })).data).toEqual({
      deleted: 1,
      defaultId: c.id,
    });
    expect((await api('POST', 'delete', token, { body: { ids: [c.id] } })).data).toEqual({
      deleted: 1,
      defaultId: null,
    });
    expect((await api('GET', 'default', token)).data).toBeNull();
  });

  it('ends concurrent first adds with exactly one default', async () => {
    const token = await shopper();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api('POST', 'add', token, { body: { ...taipei, detail: `c${i}`, isDefault: i % 2 === 0 } }),
      ),
    );
    expect(results.every((r) => r.code === 1000)).toBe(true);
    const list = (await api('POST', 'list', token, { body: {} })).data;
    expect(list).toHaveLength(6);
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });
});

describe('changing addresses', () => {
  it('changes only the fields given and re-checks the region', async () => {
    const token = await shopper();
    const a = (await api('POST', 'add', token, { body: taipei })).data;
    const res = await api('POST', 'update', token, {
      body: { id: a.id, detail: '新地址 1 號', countyCode: 'KHH', districtCode: '800' },
    });
    expect(res.data).toMatchObject({
      contact: '王小明',
      phone: '+886912345678',
      countyCode: 'KHH',
      districtCode: '800',
      postalCode: '800',
      detail: '新地址 1 號',
    });
    expect((await api('POST', 'update', token, { body: { id: a.id, districtCode: '106' } })).code).toBe(4011);
    const abroad = await api('POST', 'update', token, {
      body: { id: a.id, country: 'FR', region: 'Paris', phone: '+33 6 12 34 56 78' },
    });
    expect(abroad.data).toMatchObject({
      country: 'FR',
      countyCode: null,
      districtCode: null,
      postalCode: null,
      region: 'Paris',
      phone: '+33612345678',
    });
  });
});

describe('ownership', () => {
  it("lets nobody read, change or delete another user's address, answering NOT_FOUND", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const a = (await api('POST', 'add', alice, { body: taipei })).data;
    expect((await api('GET', 'info', bob, { query: { id: String(a.id) } })).code).toBe(1002);
    expect((await api('POST', 'update', bob, { body: { id: a.id, detail: 'mine now' } })).code).toBe(1002);
    expect((await api('POST', 'update', bob, { body: { id: a.id, isDefault: true } })).code).toBe(1002);
    expect((await api('POST', 'delete', bob, { body: { ids: [a.id] } })).code).toBe(1002);
    const own = (await api('POST', 'add', bob, { body: taipei })).data;
    // one foreign id among own ones: nothing is deleted
    expect((await api('POST', 'delete', bob, { body: { ids: [own.id, a.id] } })).code).toBe(1002);
    expect((await api('POST', 'list', bob, { body: {} })).data.map((x: { id: number }) => x.id)).toEqual([
      own.id,
    ]);
    expect((await api('GET', 'default', bob)).data.id).toBe(own.id);
    const still = await api('GET', 'info', alice, { query: { id: String(a.id) } });
    expect(still.data).toMatchObject({ detail: taipei.detail, isDefault: true });
    expect((await call(t.app, 'GET', 'app/user/address/default')).status).toBe(401);
  });
});

describe('the region dictionary', () => {
  it("has Taiwan's 22 counties and cities and 368 districts for the picker", async () => {
    const res = await call(t.app, 'POST', 'app/dict/info/data', {
      body: { types: ['region'] },
      language: 'zh-Hant',
    });
    const tw = res.data.region.find((r: { value: string }) => r.value === 'TW');
    expect(tw.children).toHaveLength(22);
    const districts = tw.children.flatMap((c: { children?: unknown[] }) => c.children ?? []);
    expect(districts).toHaveLength(368);
    const taipei = tw.children.find((c: { value: string }) => c.value === 'TPE');
    expect(taipei.name).toBe('臺北市');
    expect(taipei.children.map((d: { value: string }) => d.value)).toContain('106');
  });
});
