import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { payOrder } from '../order/order.fixtures';

// The company statement counts every refund of its orders decided in the month, partial ones too, each
// named by its reason in the reader's language (issue 28). On both engines.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('company statement refunds', () => {
  it('lists two partial refunds of one order, in JSON and CSV, in the reader language', async () => {
    const owner = await createUser(t.ctx, { kind: 'company' });
    const finance = await createOperator(t.ctx, 'finance');
    const g = await goodsFixture(t.ctx, { specs: [{ price: 10_000, stock: 10 }] });
    const company = (path: string, body: unknown) =>
      call(t.app, 'POST', `app/company/${path}`, { token: owner.token, body });
    expect((await company('setup', { name: 'Statement Co' })).code).toBe(1000);
    const batch = await company('batch/confirm', {
      specId: defined(g.specIds[0]),
      quantity: 2,
      payWay: 'wallet',
    });
    expect(batch.code, batch.message).toBe(1000);
    const orderId: number = batch.data.orderId;
    expect(await payOrder(t, orderId)).toBe(true);

    // the buyer asks for it all back, finance approves 25.00 of it
    const asked = await call(t.app, 'POST', 'app/order/info/refund', {
      token: owner.token,
      body: { id: orderId, reason: 'no_longer_needed', description: 'trip cancelled' },
    });
    expect(asked.code, asked.message).toBe(1000);
    const approved = await call(t.app, 'POST', 'admin/order/info/refund/approve', {
      token: finance.token,
      body: { id: orderId, amount: 2_500 },
    });
    expect(approved.code, approved.message).toBe(1000);
    // a second partial refund decided later (as the order module records one the shop decides)
    const at = Date.now() + 1;
    await t.ctx.db
      .insertInto('order_refund')
      .values({
        order_id: orderId,
        from_status: 6,
        state: 'approved',
        reason: 'quality',
        description: '',
        pictures: '[]',
        amount: 1_000,
        provider_state: 'requesting',
        provider_ref: null,
        reject_reason: null,
        admin_id: null,
        requested_at: at,
        decided_at: at,
      })
      .execute();

    const month = new Date().toISOString().slice(0, 7);
    const s = await call(t.app, 'GET', 'app/company/statement/info', {
      token: owner.token,
      query: { month },
      language: 'fr',
    });
    expect(s.code, s.message).toBe(1000);
    const refunds = s.data.lines.filter((l: { kind: string }) => l.kind === 'refund');
    expect(refunds.map((l: { description: string; amount: number }) => [l.description, l.amount])).toEqual([
      ["Je n'en ai plus besoin", -2_500],
      ['Problème de qualité', -1_000],
    ]);
    expect(s.data).toMatchObject({ ordersTotal: 20_000, refundsTotal: -3_500 });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/app/company/statement/export?month=${month}`,
      headers: { authorization: owner.token, language: 'en' },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.split('\r\n').filter((r) => r.startsWith('refund,'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/,No longer needed,-25\.00$/);
    expect(rows[1]).toMatch(/,Quality problem,-10\.00$/);
    expect(csv.body).toContain('refunds_total,,,,,-35.00');
  });
});
