import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { addressOf, buyNow, payOrder, physicalGoods, type Buyer } from '../order/order.fixtures';

/** The console's server side (issue 15): demo operators, audit log, dashboard, order filters and CSV, accounts, content. */
let t: TestApp;
let owner: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOperator(t.ctx, 'owner');
});
afterAll(async () => t?.close());

const as = (token: string) => ({
  get: (url: string, query?: Record<string, string>) => call(t.app, 'GET', url, { token, query }),
  post: (url: string, body?: unknown) => call(t.app, 'POST', url, { token, body }),
});
const lastAudit = () =>
  t.ctx.db.selectFrom('admin_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('audit log', () => {
  it('records who changed what with before and after, and finds it again', async () => {
    const added = await as(owner.token).post('admin/goods/type/add', { texts: { en: { name: 'Audit A' } } });
    expect(added.code).toBe(1000);
    let entry = await lastAudit();
    expect(entry).toMatchObject({
      admin_id: owner.id,
      action: 'POST admin/goods/type/add',
      entity: 'goods_type',
      entity_id: String(added.data.id),
      before_json: null,
    });
    expect(entry.ip).toBeTruthy();
    expect(JSON.parse(entry.after_json!).texts).toContain('Audit A');

    const changed = await as(owner.token).post('admin/goods/type/update', {
      id: added.data.id,
      texts: { en: { name: 'Audit B' } },
    });
    expect(changed.code).toBe(1000);
    entry = await lastAudit();
    expect(entry.action).toBe('POST admin/goods/type/update');
    expect(JSON.parse(entry.before_json!).texts).toContain('Audit A');
    expect(JSON.parse(entry.after_json!).texts).toContain('Audit B');

    const page = await as(owner.token).post('admin/audit/page', {
      entity: 'goods_type',
      entityId: String(added.data.id),
    });
    expect(page.code).toBe(1000);
    expect(page.data.pagination.total).toBe(2);
    expect(page.data.list[0]).toMatchObject({
      adminId: owner.id,
      action: 'POST admin/goods/type/update',
      entityId: String(added.data.id),
    });
    expect((page.data.list[0].before as { texts: string }).texts).toContain('Audit A');
    const byAction = await as(owner.token).post('admin/audit/page', {
      action: 'goods/type/add',
      adminId: owner.id,
    });
    expect(
      byAction.data.list.every((e: { action: string }) => e.action === 'POST admin/goods/type/add'),
    ).toBe(true);
    const future = await as(owner.token).post('admin/audit/page', { from: Date.now() + 60_000 });
    expect(future.data.pagination.total).toBe(0);
  });

  it('shows the log to the owner only', async () => {
    for (const role of ['catalogue', 'orders', 'support', 'finance'] as const) {
      const op = await createOperator(t.ctx, role);
      expect((await as(op.token).post('admin/audit/page', {})).code).toBe(2028);
    }
  });

  it('leaves secrets out of the snapshots', async () => {
    const added = await as(owner.token).post('admin/base/sys/admin/add', {
      username: `audited${Date.now()}`,
      name: 'Audited',
      role: 'support',
      password: 'long-enough-1',
    });
    expect(added.code).toBe(1000);
    const entry = await lastAudit();
    expect(entry.action).toBe('POST admin/base/sys/admin/add');
    expect(entry.after_json).not.toContain('password');
    expect(entry.after_json).not.toContain('scrypt');
  });
});

describe('orders: filters, CSV, dashboard', () => {
  let buyer: Buyer;
  let other: Buyer;
  let paidId: number;
  let goodsId: number;
  beforeAll(async () => {
    buyer = await createUser(t.ctx);
    other = await createUser(t.ctx);
    const g = await physicalGoods(t, { stock: 20, price: 12_345 });
    goodsId = g.goodsId;
    await t.ctx.db
      .updateTable('goods')
      .set({ texts: JSON.stringify({ en: { title: 'Filter SIM' }, 'zh-Hans': { title: '台湾上网卡' } }) })
      .where('id', '=', goodsId)
      .execute();
    const a = await buyNow(t, buyer, g.specIds[0]!, { addressId: await addressOf(t, buyer, '=cmd|calc') });
    expect(a.code).toBe(1000);
    paidId = a.data.id;
    await payOrder(t, paidId);
    const b = await buyNow(t, other, g.specIds[0]!, { addressId: await addressOf(t, other) });
    expect(b.code).toBe(1000);
  });

  const ids = (res: { data: { list: { id: number }[] } }) => res.data.list.map((o) => o.id).sort();

  it('filters the operator order page by buyer, goods, status, channel and dates', async () => {
    const page = (body: Record<string, unknown>) => as(owner.token).post('admin/order/info/page', body);
    const mine = await page({ buyer: buyer.phone });
    expect(mine.code).toBe(1000);
    expect(ids(mine)).toEqual([paidId]);
    const byGoods = await page({ goods: 'filter sim' });
    expect(byGoods.data.pagination.total).toBe(2);
    expect((await page({ goods: '台湾上网' })).data.pagination.total).toBe(2);
    expect((await page({ goods: String(goodsId) })).data.pagination.total).toBe(2);
    expect(ids(await page({ goods: String(goodsId), status: 1 }))).toEqual([paidId]);
    expect((await page({ goods: String(goodsId), payChannel: 'wallet' })).data.pagination.total).toBe(2);
    expect((await page({ goods: String(goodsId), payChannel: 'alipay' })).data.pagination.total).toBe(0);
    expect((await page({ goods: String(goodsId), from: Date.now() + 60_000 })).data.pagination.total).toBe(0);
    expect((await page({ goods: String(goodsId), to: Date.now() + 60_000 })).data.pagination.total).toBe(2);
    expect((await page({ buyer: 'nobody-at-all' })).data.pagination.total).toBe(0);
  });

  it('audits every CSV export with its filter (issue 26)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/order/info/export',
      query: { goods: String(goodsId), status: '1' },
      headers: { authorization: owner.token },
    });
    expect(res.statusCode).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'GET admin/order/info/export', entity: 'order_export' });
    expect(JSON.parse(entry.after_json!)).toEqual({ query: { goods: String(goodsId), status: 1 } });
  });

  it('exports the current filter as CSV with a BOM, decimals and defused formulas', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/order/info/export',
      query: { goods: String(goodsId), status: '1' },
      headers: { authorization: owner.token, language: 'zh-Hans' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('orderNo');
    expect(lines[1]).toContain('台湾上网卡');
    expect(lines[1]).toContain('123.45');
    expect(lines[1]).not.toMatch(/,=cmd/);
    expect(lines[1]).toContain("'=cmd|calc");
  });

  it('refuses the export to roles without it, in the envelope', async () => {
    const support = await createOperator(t.ctx, 'support');
    const res = await call(t.app, 'GET', 'admin/order/info/export', { token: support.token });
    expect(res.code).toBe(2028);
    const finance = await createOperator(t.ctx, 'finance');
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/admin/order/info/export',
      headers: { authorization: finance.token },
    });
    expect(ok.headers['content-type']).toContain('text/csv');
  });

  it('sums today on the dashboard', async () => {
    const support = await createOperator(t.ctx, 'support');
    const res = await as(support.token).get('admin/dashboard/summary');
    expect(res.code).toBe(1000);
    expect(res.data.days).toHaveLength(14);
    expect(res.data.days[13].day).toBe(new Date().toISOString().slice(0, 10));
    expect(res.data.today.orders).toBeGreaterThanOrEqual(1);
    expect(res.data.today.revenue).toBeGreaterThanOrEqual(12_345);
    expect(res.data.today).toEqual({ orders: res.data.days[13].orders, revenue: res.data.days[13].revenue });
    expect(res.data.currency).toBe(t.config.currency);
    for (const k of [
      'deliveryFailures',
      'openChats',
      'pendingRefunds',
      'pendingTransfers',
      'pendingRealName',
    ])
      expect(typeof res.data[k]).toBe('number');
  });

  it('alerts on low stock', async () => {
    await t.ctx.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', goodsId).execute();
    const spec = await t.ctx.db
      .selectFrom('goods_spec')
      .select('id')
      .where('goods_id', '=', goodsId)
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('goods_spec').set({ stock: 0, status: 1 }).where('id', '=', spec.id).execute();
    const res = await as(owner.token).get('admin/dashboard/summary');
    expect(res.data.stockAlerts).toContainEqual(
      expect.objectContaining({ goodsId, specId: Number(spec.id), stock: 0, goodsName: 'Filter SIM' }),
    );
  });
});

describe('accounts', () => {
  it('disabling a buyer stops their tokens at once; enabling lets them sign in again', async () => {
    const u = await createUser(t.ctx);
    const publicId = (await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).data.id;
    const res = await as(owner.token).post('admin/user/info/setStatus', { id: publicId, status: 0 });
    expect(res.data).toEqual({ id: publicId, status: 0 });
    expect((await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).status).toBe(401);
    const refreshed = await call(t.app, 'POST', 'app/user/login/refreshToken', {
      body: { refreshToken: u.refreshToken },
    });
    expect(refreshed.code).not.toBe(1000);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: 'POST admin/user/info/setStatus',
      entity: 'user',
      entity_id: publicId,
    });
    expect(JSON.parse(entry.before_json!).status).toBe(1);
    expect(JSON.parse(entry.after_json!).status).toBe(0);
    expect((await as(owner.token).post('admin/user/info/setStatus', { id: publicId, status: 1 })).code).toBe(
      1000,
    );
    const found = await as(owner.token).post('admin/user/info/page', { keyword: u.phone.slice(-6) });
    expect(found.data.list.map((c: { id: string }) => c.id)).toContain(publicId);
    expect((await as(owner.token).get('admin/user/info/info', { id: publicId })).data).toMatchObject({
      status: 1,
      balance: 0,
      points: 0,
    });
    const finance = await createOperator(t.ctx, 'finance');
    const adjusted = await as(finance.token).post('admin/user/ledger/adjust', {
      userPublicId: publicId,
      kind: 'wallet',
      amount: 5_000,
      note: 'goodwill',
      idempotencyKey: `adj-${publicId}`,
    });
    expect(adjusted.code).toBe(1000);
    expect((await as(finance.token).get('admin/user/info/info', { id: publicId })).data.balance).toBe(5_000);
    const ledger = await as(finance.token).post('admin/user/ledger/page', {
      userPublicId: publicId,
      kind: 'wallet',
    });
    expect(ledger.data.list[0]).toMatchObject({ type: 'ADJUST', amount: 5_000, note: 'goodwill' });
    expect((await lastAudit()).action).toBe('POST admin/user/ledger/adjust');
  });

  it('manages operators: add, change role, disable (sessions end), keep one owner', async () => {
    const username = `ops${Date.now()}`;
    const added = await as(owner.token).post('admin/base/sys/admin/add', {
      username,
      name: 'New Op',
      role: 'catalogue',
      password: 'first-password',
    });
    expect(added.code).toBe(1000);
    expect(
      (
        await as(owner.token).post('admin/base/sys/admin/add', {
          username,
          name: 'Again',
          role: 'support',
          password: 'first-password',
        })
      ).code,
    ).toBe(1005);
    const login = await call(t.app, 'POST', 'admin/base/open/login', {
      body: { username, password: 'first-password' },
    });
    expect(login.code).toBe(1000);
    expect(
      (await as(login.data.token).post('admin/order/info/ship', { id: 1, carrier: 'x', trackingNo: 'y' }))
        .code,
    ).toBe(2028);
    await as(owner.token).post('admin/base/sys/admin/update', { id: added.data.id, role: 'orders' });
    expect((await as(login.data.token).get('admin/base/comm/person')).data.role).toBe('orders');
    expect(
      (await as(login.data.token).post('admin/goods/type/add', { texts: { en: { name: 'no' } } })).code,
    ).toBe(2028);
    expect(
      (await as(owner.token).post('admin/base/sys/admin/setStatus', { id: added.data.id, status: 0 })).code,
    ).toBe(1000);
    expect((await as(login.data.token).get('admin/base/comm/person')).status).toBe(401);
    // the owner cannot disable itself, nor demote the last owner
    expect(
      (await as(owner.token).post('admin/base/sys/admin/setStatus', { id: owner.id, status: 0 })).code,
    ).toBe(1005);
    const page = await as(owner.token).post('admin/base/sys/admin/page', { keyword: username });
    expect(page.data.list).toEqual([expect.objectContaining({ username, role: 'orders', status: 0 })]);
  });
});

describe('content', () => {
  it('publishes an app version the app then sees, forced', async () => {
    const add = await as(owner.token).post('admin/app/version/add', {
      version: '9.9.9',
      code: 999_999,
      description: 'Console release',
      force: true,
    });
    expect(add.code).toBe(1000);
    const check = await call(t.app, 'GET', 'app/app/version/check', { query: { code: '1' } });
    expect(check.data).toMatchObject({ hasUpdate: true, latest: { code: 999_999, force: true } });
    expect(
      (
        await as(owner.token).post('admin/app/version/add', {
          version: '9.9.9b',
          code: 999_999,
          description: 'dup',
        })
      ).code,
    ).toBe(1005);
    expect(
      (await as(owner.token).post('admin/app/version/update', { id: add.data.id, force: false })).code,
    ).toBe(1000);
    const page = await as(owner.token).post('admin/app/version/page', {});
    expect(page.data.list[0]).toMatchObject({ code: 999_999, force: false });
    expect((await as(owner.token).post('admin/app/version/delete', { ids: [add.data.id] })).data.count).toBe(
      1,
    );
  });

  it('saves documents per language; buyers read theirs, falling back to zh-Hans', async () => {
    const save = (language: string, title: string) =>
      as(owner.token).post('admin/app/agreement/save', {
        type: 'privacy',
        language,
        title,
        body: `${title} body`,
      });
    expect((await save('zh-Hans', '隐私政策')).code).toBe(1000);
    expect((await save('en', 'Privacy')).code).toBe(1000);
    expect((await save('en', 'Privacy v2')).code).toBe(1000);
    const read = (language: string) =>
      call(t.app, 'GET', 'app/app/agreement/info', { query: { type: 'privacy', language } });
    expect((await read('en')).data.title).toBe('Privacy v2');
    expect((await read('fr')).data.title).toBe('隐私政策');
    const list = await as(owner.token).post('admin/app/agreement/list', { type: 'privacy' });
    expect(list.data).toHaveLength(2);
    expect((await call(t.app, 'GET', 'app/app/agreement/info', { query: { type: 'nothing' } })).code).toBe(
      1002,
    );
  });

  it('edits dictionaries; the app sees the change at once', async () => {
    const type = await as(owner.token).post('admin/dict/type/add', { key: 'consoleTest', name: '测试' });
    expect(type.code).toBe(1000);
    const before = await call(t.app, 'POST', 'app/dict/info/data', { body: { types: ['consoleTest'] } });
    expect(before.data.consoleTest).toEqual([]);
    const item = await as(owner.token).post('admin/dict/info/add', {
      typeId: type.data.id,
      name: '一',
      names: { en: 'One' },
      value: '1',
    });
    expect(item.code).toBe(1000);
    const after = await call(t.app, 'POST', 'app/dict/info/data', { body: { types: ['consoleTest'] } });
    expect(after.data.consoleTest[0]).toMatchObject({ name: 'One', value: '1' });
    expect((await as(owner.token).post('admin/dict/type/delete', { ids: [type.data.id] })).code).toBe(1005);
    expect((await as(owner.token).post('admin/dict/info/delete', { ids: [item.data.id] })).data.count).toBe(
      1,
    );
    expect((await as(owner.token).post('admin/dict/type/delete', { ids: [type.data.id] })).data.count).toBe(
      1,
    );
  });
});

describe('the last owner', () => {
  it('survives two owners disabling or demoting each other at the same moment', async () => {
    const own = await createTestApp({ seed: false });
    try {
      const a = await createOperator(own.ctx, 'owner');
      const b = await createOperator(own.ctx, 'owner');
      const activeOwners = async () =>
        (
          await own.ctx.db
            .selectFrom('admin_user')
            .select('id')
            .where('role', '=', 'owner')
            .where('status', '=', 1)
            .execute()
        ).length;
      for (let round = 0; round < 8; round += 1) {
        // fresh sessions: a disabled owner's tokens are revoked
        const ta = (await own.ctx.tokens.issue('admin', a.id)).token;
        const tb = (await own.ctx.tokens.issue('admin', b.id)).token;
        const demote = round % 2 === 1;
        const [x, y] = await Promise.all([
          demote
            ? call(own.app, 'POST', 'admin/base/sys/admin/update', {
                token: ta,
                body: { id: b.id, role: 'orders' },
              })
            : call(own.app, 'POST', 'admin/base/sys/admin/setStatus', {
                token: ta,
                body: { id: b.id, status: 0 },
              }),
          demote
            ? call(own.app, 'POST', 'admin/base/sys/admin/update', {
                token: tb,
                body: { id: a.id, role: 'orders' },
              })
            : call(own.app, 'POST', 'admin/base/sys/admin/setStatus', {
                token: tb,
                body: { id: a.id, status: 0 },
              }),
        ]);
        expect(await activeOwners()).toBe(1);
        expect([x.code, y.code].filter((c) => c === 1000).length).toBeLessThanOrEqual(1);
        await own.ctx.db
          .updateTable('admin_user')
          .set({ role: 'owner', status: 1 })
          .where('id', 'in', [a.id, b.id])
          .execute();
      }
    } finally {
      await own.close();
    }
  });
});

describe('payments for finance', () => {
  it('pages payment attempts by channel and status', async () => {
    const u = await createUser(t.ctx);
    const at = Date.now();
    for (const [channel, status] of [
      ['alipay', 'paid'],
      ['alipay', 'failed'],
      ['tappay', 'paid'],
    ] as const)
      await t.ctx.db
        .insertInto('payment_attempt')
        .values({
          attempt_no: `T${at}${channel}${status}`,
          order_id: null,
          topup_id: null,
          user_id: u.id,
          channel,
          method: null,
          amount: 1_000,
          currency: 'TWD',
          status,
          provider_trade_no: null,
          detail: '{}',
          surplus: 0,
          paid_at: status === 'paid' ? at : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    const finance = await createOperator(t.ctx, 'finance');
    const res = await as(finance.token).post('admin/payment/info/page', { channel: 'alipay', from: at });
    expect(res.code).toBe(1000);
    expect(res.data.list.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'paid']);
    const paid = await as(finance.token).post('admin/payment/info/page', { status: 'paid', from: at });
    expect(paid.data.list.map((p: { channel: string }) => p.channel).sort()).toEqual(['alipay', 'tappay']);
    const orders = await createOperator(t.ctx, 'orders');
    expect((await as(orders.token).post('admin/payment/info/page', {})).code).toBe(2028);
  });
});
