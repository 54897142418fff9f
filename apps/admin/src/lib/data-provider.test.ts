import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, on } from '../test/fetch-mock';
import { callsOf, dataProvider, filtersToBody } from './data-provider';
import { i18n } from './i18n';
import { ApiError, setSessionEndHandler } from './request';
import { session } from './session';

const tokens = { token: 'access-1', expire: 3600, refreshToken: 'refresh-1', refreshExpire: 86400 };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set(tokens);
});
afterEach(() => vi.unstubAllGlobals());

describe('resource calls', () => {
  it('follow admin/<resource>/{page,info,add,update,delete} unless a resource says otherwise', () => {
    expect(callsOf('goods/info')).toEqual({
      list: { url: 'admin/goods/info/page', mode: 'page' },
      one: { url: 'admin/goods/info/info', key: 'id' },
      create: 'admin/goods/info/add',
      update: 'admin/goods/info/update',
      remove: 'admin/goods/info/delete',
    });
    expect(callsOf('market/banner').list).toEqual({ url: 'admin/market/banner/list', mode: 'list' });
    expect(callsOf('order/transfer').update).toBeNull();
  });

  it('turn filters into the server fields, dates into epoch ms, and leave empty ones out', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    expect(
      filtersToBody([
        { field: 'status', operator: 'eq', value: 1 },
        { field: 'payChannel', operator: 'eq', value: '' },
        { field: 'buyer', operator: 'eq', value: undefined },
        { field: 'createdAt', operator: 'between', value: [from.getTime(), '2026-11-02T00:00:00Z'] },
      ]),
    ).toEqual({ status: 1, from: from.getTime(), to: Date.parse('2026-11-02T00:00:00Z') });
  });
});

describe('data provider', () => {
  it('lists a paged resource with page, size and filters in the body, the token and language in headers', async () => {
    const calls = mockApi(
      on('admin/order/info/page', () =>
        ok({ list: [{ id: 7, orderNo: 'A7' }], pagination: { page: 2, size: 10, total: 11 } }),
      ),
    );
    const res = await dataProvider.getList({
      resource: 'order/info',
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [{ field: 'status', operator: 'eq', value: 1 }],
    });
    expect(res).toEqual({ data: [{ id: 7, orderNo: 'A7' }], total: 11 });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ page: 2, size: 10, status: 1 });
    expect(calls[0]!.headers).toMatchObject({ Authorization: 'access-1', language: 'en' });
  });

  it('pages and filters an unpaged list in the browser', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      keyword: i % 2 ? `odd-${i}` : `even-${i}`,
    }));
    mockApi(on('admin/goods/searchKeyword/list', () => ok(rows)));
    const res = await dataProvider.getList({
      resource: 'goods/searchKeyword',
      pagination: { currentPage: 2, pageSize: 5 },
      filters: [{ field: 'keyword', operator: 'contains', value: 'ODD' }],
    });
    expect(res.total).toBe(12);
    expect(res.data.map((r) => r.id)).toEqual([12, 14, 16, 18, 20]);
  });

  it('reads one record by its key and writes with add, update (id in the body) and delete (ids)', async () => {
    const calls = mockApi(
      on('admin/user/realName/info', () => ok({ userPublicId: 'U1', status: 'pending' })),
      on('admin/goods/info/add', () => ok({ id: 41 })),
      on('admin/goods/info/update', () => ok({ id: 41 })),
      on('admin/goods/info/delete', () => ok({ count: 2 })),
    );
    expect((await dataProvider.getOne({ resource: 'user/realName', id: 'U1' })).data).toMatchObject({
      status: 'pending',
    });
    expect(calls[0]!.url).toBe('/api/admin/user/realName/info?userPublicId=U1');
    expect((await dataProvider.create({ resource: 'goods/info', variables: { onSale: 1 } })).data).toEqual({
      onSale: 1,
      id: 41,
    });
    await dataProvider.update({ resource: 'goods/info', id: '41', variables: { onSale: 0 } });
    expect(calls[2]!.body).toEqual({ onSale: 0, id: 41 });
    await dataProvider.deleteMany!({ resource: 'goods/info', ids: ['3', 4] });
    expect(calls[3]!.body).toEqual({ ids: [3, 4] });
  });

  it("rejects with the server's message and code when the envelope is not a success", async () => {
    mockApi(on('admin/order/info/refund/approve', () => fail(1403, 'Your role may not decide refunds')));
    const err = (await dataProvider.custom!({
      url: 'admin/order/info/refund/approve',
      method: 'post',
      payload: { id: 1 },
    }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Your role may not decide refunds');
    expect(err.code).toBe(1403);
  });

  it('ends the session on a 401 and says so in the console language', async () => {
    const ended = vi.fn();
    setSessionEndHandler(ended);
    mockApi(on('admin/goods/info/page', () => ({ status: 401, body: { code: 1401, message: '' } })));
    await i18n.changeLanguage('fr');
    const err = (await dataProvider.getList({ resource: 'goods/info' }).catch((e: unknown) => e)) as ApiError;
    expect(err.statusCode).toBe(401);
    expect(err.message).toBe(i18n.getResourceBundle('fr', 'translation').errors.sessionEnded);
    expect(session.token()).toBe('');
    expect(ended).toHaveBeenCalledOnce();
  });

  it('refreshes an expired access token once before the calls that need it', async () => {
    session.set({ ...tokens, expire: 0 });
    const calls = mockApi(
      on('admin/base/open/refreshToken', () =>
        ok({ token: 'access-2', expire: 3600, refreshToken: 'refresh-2', refreshExpire: 86400 }),
      ),
      on('admin/goods/type/list', () => ok([])),
    );
    await Promise.all([
      dataProvider.getList({ resource: 'goods/type' }),
      dataProvider.getList({ resource: 'goods/type' }),
    ]);
    expect(calls.filter((c) => c.url.endsWith('refreshToken'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('type/list')).map((c) => c.headers.Authorization)).toEqual([
      'access-2',
      'access-2',
    ]);
  });
});
