import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, orderStatusOf, type Buyer } from '../order/order.fixtures';

let t: TestApp;
let op: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' } });
  op = await createOperator(t.ctx, 'finance');
});
afterAll(async () => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** A file the buyer uploaded (on disk and recorded, as the upload call leaves it); returns its URL. */
async function upload(buyer: Buyer, data: Buffer = PNG, ext = 'png') {
  const key = `2026-11/${crypto.randomBytes(12).toString('hex')}.${ext}`;
  await fs.mkdir(path.join(t.config.uploadDir, '2026-11'), { recursive: true });
  await fs.writeFile(path.join(t.config.uploadDir, key), data);
  await t.ctx.db
    .insertInto('upload')
    .values({
      owner_kind: 'user',
      owner_id: buyer.id,
      file_key: key,
      mime: 'image/png',
      size: data.length,
      created_at: Date.now(),
    })
    .execute();
  return `/uploads/${key}`;
}
/** A company account that gave its company details (an unverified one has none). */
async function identifiedCompany() {
  const buyer = await createUser(t.ctx, { kind: 'company' });
  await t.ctx.db
    .insertInto('company_profile')
    .values({
      user_id: buyer.id,
      company_name: 'Travel Co.',
      ubn: '04595257',
      contact_name: 'Lin',
      email: `c${buyer.id}@example.com`,
      verified_at: Date.now(),
    })
    .execute();
  return buyer;
}
async function companyOrder(buyer?: Buyer, price = 250_000) {
  buyer ??= await identifiedCompany();
  const g = await goodsFixture(t.ctx, {
    specs: [{ price, stock: 5 }],
    payWays: ['transfer', 'wallet'],
  });
  const res = await buyNow(t, buyer, g.specIds[0]!, { payWay: 'transfer' });
  expect(res.code, res.message).toBe(1000);
  return { buyer, id: res.data.id as number };
}
const bankInfo = (buyer: Buyer, orderId: number) =>
  call(t.app, 'GET', 'app/order/transfer/bankInfo', {
    token: buyer.token,
    query: { orderId: String(orderId) },
  });
const submit = (buyer: Buyer, orderId: number, proofs: string[]) =>
  call(t.app, 'POST', 'app/order/transfer/submitProof', { token: buyer.token, body: { orderId, proofs } });
const admin = (action: 'verify' | 'reject', body: Record<string, unknown>, token = op.token) =>
  call(t.app, 'POST', `admin/order/transfer/${action}`, { token, body });

describe('corporate transfer', () => {
  it('payee and reference, proofs kept privately, rejected with a reason, resubmitted, verified: paid', async () => {
    const { buyer, id } = await companyOrder();
    const info = await bankInfo(buyer, id);
    expect(info.code, info.message).toBe(1000);
    expect(info.data).toMatchObject({
      accountNo: '0000-1234-5678-90',
      reference: expect.stringMatching(/^ST\d+$/),
      amount: 250_000,
      status: 'awaiting_transfer',
      proofs: [],
    });
    // the order now waits days, not minutes
    const deadline = await t.ctx.db
      .selectFrom('shop_order')
      .select('pay_deadline')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(deadline.pay_deadline)).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    const url = await upload(buyer);
    const sent = await submit(buyer, id, [url]);
    expect(sent.code, sent.message).toBe(1000);
    expect(sent.data.status).toBe('proof_submitted');
    const sha = crypto.createHash('sha256').update(PNG).digest('hex');
    expect(sent.data.proofs).toEqual([expect.objectContaining({ sha256: sha, mime: 'image/png' })]);
    // the public copy is gone, the private one is there
    await expect(fs.stat(path.join(t.config.uploadDir, url.slice('/uploads/'.length)))).rejects.toThrow();
    await expect(
      fs.stat(path.join(t.config.dataDir, 'private', 'transfer', `${sha}.png`)),
    ).resolves.toBeTruthy();

    const rejected = await admin('reject', { orderId: id, reason: 'Amount on statement is 2,000 short' });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Amount on statement is 2,000 short',
    });
    const status = await call(t.app, 'GET', 'app/order/transfer/proofStatus', {
      token: buyer.token,
      query: { orderId: String(id) },
    });
    expect(status.data.status).toBe('rejected');
    expect(
      (await submit(buyer, id, [await upload(buyer, Buffer.from('%PDF-1.4 proof'), 'pdf')])).data.status,
    ).toBe('proof_submitted');
    const page = await call(t.app, 'POST', 'admin/order/transfer/page', {
      token: op.token,
      body: { page: 1, size: 10, status: 'proof_submitted' },
    });
    expect(
      page.data.list.some(
        (x: { orderId: number; proofs: unknown[] }) => x.orderId === id && x.proofs.length === 2,
      ),
    ).toBe(true);
    const verified = await admin('verify', { orderId: id });
    expect(verified.code, verified.message).toBe(1000);
    expect(verified.data.status).toBe('verified');
    expect(await orderStatusOf(t, id)).toBe(3);
    // a repeat changes nothing
    expect((await admin('verify', { orderId: id })).code).toBe(5061);
    expect((await submit(buyer, id, [await upload(buyer)])).code).toBe(5061);
  });

  it('audits every proof download (issue 26)', async () => {
    const { buyer, id } = await companyOrder();
    await bankInfo(buyer, id);
    const sent = await submit(buyer, id, [await upload(buyer)]);
    const proofId = (sent.data.proofs as { id: number }[])[0]!.id;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/order/transfer/proof',
      query: { id: String(proofId) },
      headers: { authorization: op.token },
    });
    expect(res.statusCode).toBe(200);
    const entry = await t.ctx.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('entity', '=', 'transfer_proof')
      .where('entity_id', '=', String(proofId))
      .executeTakeFirst();
    expect(entry).toMatchObject({ action: 'GET admin/order/transfer/proof', admin_id: op.id });
  });

  it('operators view a proof file inline; support staff and buyers are refused', async () => {
    const { buyer, id } = await companyOrder();
    await bankInfo(buyer, id);
    const pdf = Buffer.from('%PDF-1.4 bank slip');
    const sent = await submit(buyer, id, [await upload(buyer), await upload(buyer, pdf, 'pdf')]);
    expect(sent.code, sent.message).toBe(1000);
    const [png, doc] = sent.data.proofs as { id: number; mime: string }[];
    const get = (proofId: number, token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/order/transfer/proof',
        query: { id: String(proofId) },
        headers: { authorization: token },
      });
    const res = await get(png!.id, op.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const orders = await createOperator(t.ctx, 'orders');
    const asPdf = await get(doc!.id, orders.token);
    expect(asPdf.headers['content-type']).toBe('application/pdf');
    expect(asPdf.rawPayload.equals(pdf)).toBe(true);
    // refused: a support operator (envelope, no bytes), a buyer (401), an unknown proof
    const support = await createOperator(t.ctx, 'support');
    const refused = await get(png!.id, support.token);
    expect(refused.json().code).toBe(2028);
    expect(refused.headers['content-type']).toMatch(/json/);
    expect((await get(png!.id, buyer.token)).statusCode).toBe(401);
    expect((await get(png!.id, '')).statusCode).toBe(401);
    expect((await get(99_999_999, op.token)).json().code).toBe(1002);
  });

  it('personal accounts, other users and support staff are refused', async () => {
    const { buyer, id } = await companyOrder();
    const personal = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, { payWays: ['transfer', 'wallet'] });
    // checkout offers a personal account no bank transfer, and refuses one, opening nothing
    const quote = (who: Buyer) =>
      call(t.app, 'POST', 'app/order/info/quote', {
        token: who.token,
        body: { buyNow: { specId: g.specIds[0]!, quantity: 1 } },
      });
    expect((await quote(personal)).data.payMethods).toEqual(['wallet']);
    expect((await quote(buyer)).data.payMethods).toEqual(['wallet', 'transfer']);
    const refused = await buyNow(t, personal, g.specIds[0]!, { payWay: 'transfer' });
    expect(refused.code).toBe(5060);
    expect(refused.message).toMatch(/compan/i);
    const opened = await t.ctx.db
      .selectFrom('shop_order')
      .select('id')
      .where('user_id', '=', personal.id)
      .execute();
    expect(opened).toEqual([]);
    // nor is an order of theirs paid that way
    const own = (await buyNow(t, personal, g.specIds[0]!)).data.id;
    expect((await bankInfo(personal, own)).code).toBe(5060);
    const otherCompany = await createUser(t.ctx, { kind: 'company' });
    expect((await bankInfo(otherCompany, id)).code).toBe(1002);
    await bankInfo(buyer, id);
    expect((await submit(otherCompany, id, [await upload(otherCompany)])).code).toBe(1002);
    // someone else's upload is not a proof of mine
    expect((await submit(buyer, id, [await upload(otherCompany)])).code).toBe(5007);
    await submit(buyer, id, [await upload(buyer)]);
    const support = await createOperator(t.ctx, 'support');
    expect((await admin('verify', { orderId: id }, support.token)).code).toBe(2028);
    expect(
      (
        await call(t.app, 'POST', 'admin/order/transfer/verify', {
          token: buyer.token,
          body: { orderId: id },
        })
      ).status,
    ).toBe(401);
  });
});

describe('what a company without details can hold (issue 25, 14)', () => {
  const deadlineOf = async (id: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('shop_order')
          .select('pay_deadline')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).pay_deadline,
    );
  it('holds at most TRANSFER_UNVERIFIED_MAX, for a day until a proof arrives; details lift both', async () => {
    const fresh = await createUser(t.ctx, { kind: 'company' });
    // the whole stock of an expensive spec: refused, nothing held
    const big = await companyOrder(fresh, 3_500_000);
    const refused = await bankInfo(fresh, big.id);
    expect(refused.code).toBe(5063);
    expect(refused.message).toContain('30,000');
    expect(
      await t.ctx.db.selectFrom('transfer_payment').select('id').where('order_id', '=', big.id).execute(),
    ).toEqual([]);
    // within the cap: a day to send the proof, shown to the buyer
    const small = await companyOrder(fresh, 2_000_000);
    const opened = await bankInfo(fresh, small.id);
    expect(opened.code, opened.message).toBe(1000);
    const day = await deadlineOf(small.id);
    expect(day).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(day).toBeLessThan(Date.now() + 25 * 3_600_000);
    expect(opened.data.payBy).toBe(new Date(day).toISOString());
    // a second one would pass the cap in all
    const more = await companyOrder(fresh, 2_000_000);
    expect((await bankInfo(fresh, more.id)).code).toBe(5063);
    // a proof in: the full days from the transfer's opening
    expect((await submit(fresh, small.id, [await upload(fresh)])).code).toBe(1000);
    expect(await deadlineOf(small.id)).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    // an identified company has no such cap
    const known = await identifiedCompany();
    const large = await companyOrder(known, 3_500_000);
    expect((await bankInfo(known, large.id)).code).toBe(1000);
  });

  it('two transfers opened at once cannot both pass the cap (40 rounds)', async () => {
    for (let round = 0; round < 40; round += 1) {
      const fresh = await createUser(t.ctx, { kind: 'company' });
      const a = await companyOrder(fresh, 2_000_000);
      const b = await companyOrder(fresh, 2_000_000);
      const codes = (await Promise.all([bankInfo(fresh, a.id), bankInfo(fresh, b.id)]))
        .map((r) => r.code)
        .sort();
      expect(codes).toEqual([1000, 5063]);
    }
  });
});
