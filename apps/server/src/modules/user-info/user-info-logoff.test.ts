import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { storeUpload } from '../../platform/upload';
import { goodsFixture } from '../cart/cart.fixtures';
import { addressOf, buyNow, payOrder, physicalGoods } from '../order/order.fixtures';
import { codeFor as smsCodeFor, wrongCode } from './user-info.fixtures';

// Deleting an account (app/user/info/logoff): what goes, and what the law keeps.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const person = (token: string) => call(t.app, 'GET', 'app/user/info/person', { token });
const codeFor = (phone: string, purpose: string) => smsCodeFor(t, phone, purpose);

describe('POST /logoff', () => {
  it('keeps the account when the code is wrong', async () => {
    const u = await createUser(t.ctx);
    const code = await codeFor(u.phone, 'logoff');
    const res = await call(t.app, 'POST', 'app/user/info/logoff', {
      token: u.token,
      body: { smsCode: wrongCode(code) },
    });
    expect(res.code).toBe(2003);
    expect((await person(u.token)).code).toBe(1000);
  });

  it('anonymises the account, ends its sessions, and frees the number for a new account', async () => {
    const u = await createUser(t.ctx);
    const publicId = (await person(u.token)).data.id;
    await call(t.app, 'POST', 'app/user/info/realName', {
      token: u.token,
      body: { legalName: '王小明', idType: 'TW_ID', idNumber: 'A123456789' },
    });
    const code = await codeFor(u.phone, 'logoff');
    const res = await call(t.app, 'POST', 'app/user/info/logoff', {
      token: u.token,
      body: { smsCode: code },
    });
    expect(res.code).toBe(1000);

    expect((await person(u.token)).status).toBe(401);
    const refresh = await call(t.app, 'POST', 'app/user/login/refreshToken', {
      body: { refreshToken: u.refreshToken },
    });
    expect(refresh.code).not.toBe(1000);

    const row = await t.ctx.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      phone: null,
      email: null,
      username: null,
      wechat_openid: null,
      password_hash: null,
      avatar_url: null,
      nickname: '[deleted]',
      status: 2,
    });
    expect(row.deleted_at).toBeGreaterThan(0);
    const realName = await t.ctx.db
      .selectFrom('real_name')
      .select('user_id')
      .where('user_id', '=', u.id)
      .executeTakeFirst();
    expect(realName).toBeUndefined();

    const loginCode = await codeFor(u.phone, 'login');
    const login = await call(t.app, 'POST', 'app/user/account/login', {
      body: { phone: u.phone, smsCode: loginCode, agreement: true },
    });
    expect(login.code).toBe(1000);
    const fresh = await person(login.data.token);
    expect(fresh.data.phone).toBe(u.phone);
    expect(fresh.data.id).not.toBe(publicId);
  });
});

describe('POST /logoff: personal data beyond the account row (issue 8 item 6)', () => {
  it('deletes the address book, the cart and the uploads, and anonymises review copies; keeps the orders', async () => {
    const u = await createUser(t.ctx, { nickname: 'Reviewer Ann' });
    await t.ctx.db
      .updateTable('user')
      .set({ avatar_url: '/uploads/2025-01/x.png' })
      .where('id', '=', u.id)
      .execute();
    const addressId = await addressOf(t, u, '99 Private Lane');
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 10 }] });
    const sim = await physicalGoods(t, { stock: 10 });
    // an order that shipped to the address and a virtual one that the buyer reviewed with a picture
    const shipped = await buyNow(t, u, sim.specIds[0]!, { addressId });
    expect(shipped.code, shipped.message).toBe(1000);
    const bought = await buyNow(t, u, plan.specIds[0]!);
    expect(await payOrder(t, bought.data.id)).toBe(true);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const picture = await storeUpload(
      t.ctx.db,
      t.ctx.files,
      { data: png, kind: { mime: 'image/png', ext: 'png' } },
      { kind: 'user', id: u.id },
    );
    const review = await call(t.app, 'POST', 'app/goods/comment/submit', {
      token: u.token,
      body: {
        orderId: bought.data.id,
        specId: plan.specIds[0],
        rating: 5,
        content: 'Fast',
        pictures: [picture.url],
      },
    });
    expect(review.code, review.message).toBe(1000);
    await call(t.app, 'POST', 'app/user/cart/add', { token: u.token, body: { specId: plan.specIds[0] } });
    expect(fs.existsSync(`${t.config.uploadDir}/${picture.key}`)).toBe(true);

    const code = await codeFor(u.phone, 'logoff');
    expect(
      (await call(t.app, 'POST', 'app/user/info/logoff', { token: u.token, body: { smsCode: code } })).code,
    ).toBe(1000);

    const count = async (table: 'address' | 'cart_item') =>
      (await t.ctx.db.selectFrom(table).select('id').where('user_id', '=', u.id).execute()).length;
    expect(await count('address')).toBe(0);
    expect(await count('cart_item')).toBe(0);
    const uploads = await t.ctx.db
      .selectFrom('upload')
      .select('id')
      .where('owner_kind', '=', 'user')
      .where('owner_id', '=', u.id)
      .execute();
    expect(uploads).toHaveLength(0);
    expect(fs.existsSync(`${t.config.uploadDir}/${picture.key}`)).toBe(false);
    const comment = await t.ctx.db
      .selectFrom('goods_comment')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(comment).toMatchObject({
      nickname: '[deleted]',
      avatar_url: null,
      pictures: '[]',
      content: 'Fast',
    });
    expect(Number(comment.anonymous)).toBe(1);
    const shown = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { goodsId: plan.goodsId, page: 1, size: 10 },
    });
    expect(JSON.stringify(shown.data)).not.toContain('Reviewer Ann');
    // the orders stay, with their own snapshots, for the books
    const orders = await t.ctx.db
      .selectFrom('shop_order')
      .select(['id', 'address'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(orders).toHaveLength(2);
    expect(orders[0]!.address).toContain('99 Private Lane');
  });
});

describe('POST /logoff: nothing of value is forfeited (issue 25 defect 13)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (
      await call(t.app, 'POST', 'admin/base/open/login', {
        body: { username: 'admin', password: 'admin123456' },
      })
    ).data.token as string;
  });
  const adjust = async (publicId: string, kind: 'wallet' | 'points', amount: number) => {
    const res = await call(t.app, 'POST', 'admin/user/ledger/adjust', {
      token: admin,
      body: { userPublicId: publicId, kind, amount, note: 'test', idempotencyKey: crypto.randomUUID() },
    });
    expect(res.code, res.message).toBe(1000);
  };
  const logoff = (token: string, smsCode: string, language = 'en') =>
    call(t.app, 'POST', 'app/user/info/logoff', { token, body: { smsCode }, language });

  it('refuses while the wallet holds 935.56, saying what to do; paid out, the same code closes it', async () => {
    const u = await createUser(t.ctx);
    const publicId = (await person(u.token)).data.id as string;
    await adjust(publicId, 'wallet', 93_556);
    const code = await codeFor(u.phone, 'logoff');
    const refused = await logoff(u.token, code);
    expect(refused.code).toBe(2040);
    expect(refused.message).toContain('935.56');
    expect(refused.message).toContain('customer service to pay the wallet balance out');
    const zh = await logoff(u.token, code, 'zh-Hant');
    expect(zh.code).toBe(2040);
    expect(zh.message).toContain('聯絡客服');
    // nothing happened: the account, its session and its money are all there
    expect((await person(u.token)).code).toBe(1000);
    const wallet = await call(t.app, 'GET', 'app/user/wallet/get', { token: u.token });
    expect(JSON.stringify(wallet.data)).toContain('93556');
    // customer service pays it out; the code was not spent by the refusal
    await adjust(publicId, 'wallet', -93_556);
    expect((await logoff(u.token, code)).code).toBe(1000);
  });

  it('refuses while points are held', async () => {
    const u = await createUser(t.ctx);
    await adjust((await person(u.token)).data.id, 'points', 120);
    const res = await logoff(u.token, await codeFor(u.phone, 'logoff'), 'fr');
    expect(res.code).toBe(2040);
    expect(res.message).toContain('120 points');
    expect((await person(u.token)).code).toBe(1000);
  });

  it('refuses while an order is paid and undelivered, or unpaid with points already in, naming the order', async () => {
    const u = await createUser(t.ctx);
    const sim = await physicalGoods(t, { stock: 10 });
    const paid = await buyNow(t, u, sim.specIds[0]!, { addressId: await addressOf(t, u) });
    expect(paid.code, paid.message).toBe(1000);
    expect(await payOrder(t, paid.data.id)).toBe(true);
    const code = await codeFor(u.phone, 'logoff');
    const res = await logoff(u.token, code);
    expect(res.code).toBe(2041);
    expect(res.message).toContain(paid.data.orderNo);
    expect((await person(u.token)).code).toBe(1000);

    const v = await createUser(t.ctx);
    const unpaid = await buyNow(t, v, sim.specIds[0]!, { addressId: await addressOf(t, v) });
    expect(unpaid.code, unpaid.message).toBe(1000);
    await t.ctx.db
      .updateTable('shop_order')
      .set({ points_discount: 100 })
      .where('id', '=', unpaid.data.id)
      .execute();
    const held = await logoff(v.token, await codeFor(v.phone, 'logoff'), 'es');
    expect(held.code).toBe(2041);
    expect(held.message).toContain(unpaid.data.orderNo);
  });

  it('a closed account stays visible to operators, as closed', async () => {
    const u = await createUser(t.ctx);
    const publicId = (await person(u.token)).data.id as string;
    expect((await logoff(u.token, await codeFor(u.phone, 'logoff'))).code).toBe(1000);
    const closed = await call(t.app, 'POST', 'admin/user/info/page', {
      token: admin,
      body: { page: 1, size: 50, status: 2 },
    });
    expect(closed.code, closed.message).toBe(1000);
    const row = closed.data.list.find((c: { id: string }) => c.id === publicId);
    expect(row).toMatchObject({ status: 2, nickname: '[deleted]', phone: null });
    expect(row.closedAt).toBeTruthy();
    const all = await call(t.app, 'POST', 'admin/user/info/page', {
      token: admin,
      body: { page: 1, size: 50 },
    });
    expect(all.data.list.some((c: { id: string }) => c.id === publicId)).toBe(true);
    const info = await call(t.app, 'GET', 'admin/user/info/info', { token: admin, query: { id: publicId } });
    expect(info.code, info.message).toBe(1000);
    expect(info.data).toMatchObject({ status: 2, balance: 0, points: 0 });
    // and it cannot be switched back on
    const enable = await call(t.app, 'POST', 'admin/user/info/setStatus', {
      token: admin,
      body: { id: publicId, status: 1 },
    });
    expect(enable.code).not.toBe(1000);
  });
});
