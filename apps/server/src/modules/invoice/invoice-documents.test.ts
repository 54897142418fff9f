import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, defined, type TestApp } from '../../test/harness';
import { createInvoiceTestApp, paidInvoiceOrder } from './invoice.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { refundApproved } from '../order/order.fixtures';
import { createEzPaySimState } from '../../providers/invoice/ezpay.simulator';
import { periodOf } from './invoice.tracks';

/**
 * The console's list of e-invoices (issue 28): invoices with the allowances (折讓) and voids (作廢) refunds
 * made of them, each with its number, amount, tax, state, upload state and order; filtered by kind, state,
 * period and order number; a refused allowance retried from its row. On SQLite, and on PostgreSQL with
 * DATABASE_URL.
 */
const SIM = {
  merchantId: '31234569',
  hashKey: 'testEzPayInvoiceHashKey000000002',
  hashIV: 'testEzPayInvIV02',
};
const sim = createEzPaySimState();
let t: TestApp;
let ops: { id: number; token: string };
let period: string;
type Doc = {
  id: number;
  kind: string;
  orderId: number;
  orderNo: string;
  number: string | null;
  invoiceNumber: string | null;
  amount: number;
  taxAmount: number;
  state: string;
  upload: string;
  late: boolean;
  period: string;
  lastError: string | null;
};
type Page = { list: Doc[]; pagination: { total: number } };

/** Four orders of 80 TWD: a partial refund (allowance), a whole one (void), a refused allowance, one pending. */
const orders = { partial: 0, whole: 0, refused: 0, down: 0 };
const orderNo: Record<keyof typeof orders, string> = { partial: '', whole: '', refused: '', down: '' };

const page = async (body: Record<string, unknown>, language = 'en') =>
  call(t.app, 'POST', 'admin/invoice/info/page', { token: ops.token, body, language });
const list = async (body: Record<string, unknown>) => {
  const res = await page(body);
  expect(res.code, res.message).toBe(1000);
  return res.data as Page;
};

beforeAll(async () => {
  t = await createInvoiceTestApp(sim, SIM);
  ops = await createOperator(t.ctx, 'finance');
  period = periodOf(Date.now());
  await t.ctx.db.deleteFrom('invoice_track').execute();
  // loaded and, through ezPay's number track API, registered with the simulator
  const track = { period, prefix: 'EF', start: 0, end: 49 };
  const loaded = await call(t.app, 'POST', 'admin/invoice/track/add', { token: ops.token, body: track });
  expect(loaded.data?.registration, loaded.message).toBe('registered');

  const partial = await paidInvoiceOrder(t);
  await refundApproved(t, partial.buyer, partial.id, ops.token, { amount: 2_500 });
  const whole = await paidInvoiceOrder(t);
  await refundApproved(t, whole.buyer, whole.id, ops.token);
  const refused = await paidInvoiceOrder(t);
  sim.switches.refuseNext = 'ALW10001';
  await refundApproved(t, refused.buyer, refused.id, ops.token, { amount: 3_000 });
  sim.switches.failNext = 1;
  const down = await paidInvoiceOrder(t);
  Object.assign(orders, { partial: partial.id, whole: whole.id, refused: refused.id, down: down.id });
  for (const [k, id] of Object.entries(orders)) {
    const row = await t.ctx.db
      .selectFrom('shop_order')
      .select('order_no')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    orderNo[k as keyof typeof orders] = row.order_no;
  }
});
afterAll(async () => t.close());

describe('the console lists invoices, allowances and voids', () => {
  it('lists all of them, newest first, each with its order, amount, tax and upload state', async () => {
    const all = await list({ page: 1, size: 20 });
    expect(all.pagination.total).toBe(7);
    expect(all.list.map((d) => d.kind).sort()).toEqual(
      ['allowance', 'allowance', 'invoice', 'invoice', 'invoice', 'invoice', 'void'].sort(),
    );
    expect(all.list[0]).toMatchObject({ kind: 'invoice', orderId: orders.down });
    // one page at a time, the total the same
    const first = await list({ page: 1, size: 3 });
    const second = await list({ page: 2, size: 3 });
    expect(first.list).toHaveLength(3);
    expect(second.pagination.total).toBe(7);
    expect(second.list.map((d) => `${d.kind}${d.id}`)).toEqual(
      all.list.slice(3, 6).map((d) => `${d.kind}${d.id}`),
    );
  });

  it('an allowance: its own number, the refunded amount and its tax, on the invoice it is of', async () => {
    const { list: docs } = await list({ documentKind: 'allowance', orderNo: orderNo.partial });
    const invoice = defined(
      (await list({ documentKind: 'invoice', orderNo: orderNo.partial })).list[0],
      'the invoice of the partial refund',
    );
    expect(invoice).toMatchObject({ amount: 80, taxAmount: 4, state: 'issued', upload: 'uploaded' });
    expect(docs).toEqual([
      expect.objectContaining({
        kind: 'allowance',
        orderId: orders.partial,
        orderNo: orderNo.partial,
        number: expect.stringMatching(/\S+/),
        invoiceNumber: invoice.number,
        amount: 25,
        taxAmount: 1,
        state: 'done',
        upload: 'uploaded',
        period,
        lastError: null,
      }),
    ]);
  });

  it('a void: the whole invoice, its invoice voided', async () => {
    const { list: voids } = await list({ documentKind: 'void' });
    expect(voids).toEqual([
      expect.objectContaining({
        orderId: orders.whole,
        amount: 80,
        taxAmount: 4,
        state: 'done',
        upload: 'uploaded',
      }),
    ]);
    const { list: voided } = await list({ documentKind: 'invoice', documentState: 'voided' });
    expect(voided.map((d) => d.orderId)).toEqual([orders.whole]);
    expect(voided[0]?.number).toBe(voids[0]?.invoiceNumber);
  });

  it('filters by state: a refused allowance and an invoice waiting on the service', async () => {
    const { list: rejected } = await list({ documentState: 'rejected' });
    expect(rejected).toEqual([
      expect.objectContaining({
        kind: 'allowance',
        orderId: orders.refused,
        amount: 30,
        taxAmount: 1,
        upload: 'rejected',
        number: null,
        lastError: 'ALW10001: refused by the simulator switch',
      }),
    ]);
    const { list: pending } = await list({ documentState: 'pending' });
    expect(pending).toEqual([
      expect.objectContaining({ kind: 'invoice', orderId: orders.down, upload: 'retrying', late: false }),
    ]);
  });

  it('filters by period: an invoice numbered in an earlier period is listed there only', async () => {
    await t.ctx.db
      .updateTable('invoice')
      .set({ period: '202001' })
      .where('order_id', '=', orders.refused)
      .execute();
    const earlier = await list({ period: '202001' });
    expect(earlier.list.map((d) => [d.kind, d.orderId])).toEqual([['invoice', orders.refused]]);
    expect(earlier.list[0]?.period).toBe('202001');
    const now = await list({ period });
    expect(now.pagination.total).toBe(6);
    expect(now.list.every((d) => d.period === period)).toBe(true);
    // the order number alone: the invoice and its allowance
    const one = await list({ orderNo: orderNo.partial });
    expect(one.list.map((d) => d.kind).sort()).toEqual(['allowance', 'invoice']);
  });

  it('retries a refused allowance from its row: it is issued then', async () => {
    const row = defined((await list({ documentKind: 'allowance', documentState: 'rejected' })).list[0]);
    const retried = await call(t.app, 'POST', 'admin/invoice/info/retry', {
      token: ops.token,
      body: { id: row.id, kind: 'return' },
    });
    expect(retried.code, retried.message).toBe(1000);
    const { list: after } = await list({ documentKind: 'allowance', orderNo: orderNo.refused });
    expect(after).toEqual([
      expect.objectContaining({
        id: row.id,
        state: 'done',
        upload: 'uploaded',
        number: expect.stringMatching(/\S+/),
        lastError: null,
      }),
    ]);
  });

  it('refuses a bad filter in the operator language, never a 500', async () => {
    const even = await page({ period: '202602' }, 'zh-Hant');
    expect(even.code).not.toBe(1000);
    expect(even.message).toMatch(/^發票期別/);
    const kind = await page({ documentKind: 'receipt' }, 'fr');
    expect(kind.code).not.toBe(1000);
    expect(kind.message).toMatch(/^Nature du document/);
  });
});
