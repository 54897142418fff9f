import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, defined, type TestApp } from '../../test/harness';
import { createInvoiceTestApp, issueJobOf as issueJobOfFixture, paidInvoiceOrder } from './invoice.fixtures';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { refundApproved, type Buyer } from '../order/order.fixtures';
import { createEzPaySimState } from '../../providers/invoice/ezpay.simulator';
import { encryptPostData, invoiceCheckCode } from '../../providers/invoice/ezpay.wire';
import { periodOf } from './invoice.tracks';
import { INVOICE_MAX_ATTEMPTS } from './invoice-issue.service';

/**
 * Taiwan e-invoices (issue 28) end to end through the API: the buyer's choice checked before the order,
 * tracks loaded by an operator, the invoice issued by its job against the ezPay simulator (real protocol),
 * retries, refusals, an exhausted track, operators' view and retry, voids and allowances from refunds, and
 * numbers taken concurrently. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
const SIM = {
  merchantId: '31234567',
  hashKey: 'testEzPayInvoiceHashKey000000000',
  hashIV: 'testEzPayInvIV00',
};
const sim = createEzPaySimState();
let t: TestApp;
let ops: { id: number; token: string };
let period: string;

beforeAll(async () => {
  t = await createInvoiceTestApp(sim, SIM);
  ops = await createOperator(t.ctx, 'finance');
  period = periodOf(Date.now());
  // the demo seed's tracks (seed/invoice.ts) are there: this file numbers from its own
  expect(Number((await t.ctx.db.deleteFrom('invoice_track').executeTakeFirst()).numDeletedRows)).toBe(7);
  const loaded = await addTrack({ period, prefix: 'AB', start: 100, end: 199 });
  expect(loaded.code, loaded.message).toBe(1000);
});
afterAll(async () => t.close());

/** Loads a track here (the shop registers it with the simulator through ezPay's number track API). */
const addTrack = (body: { period: string; prefix: string; start: number; end: number }, language = 'en') =>
  call(t.app, 'POST', 'admin/invoice/track/add', { token: ops.token, body, language });
const invoiceOf = (buyer: Buyer, id: number) =>
  call(t.app, 'GET', 'app/invoice/info/order', { token: buyer.token, query: { id: String(id) } });
const invoiceRow = (orderId: number) =>
  t.ctx.db.selectFrom('invoice').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const issueJobOf = (invoiceId: number) => issueJobOfFixture(t, invoiceId);
const lastRequest = (path: string) => defined(sim.requests.filter((r) => r.path === path).at(-1)).fields;

const paidOrder = (invoice?: Record<string, unknown>, buyer?: Buyer) => paidInvoiceOrder(t, invoice, buyer);

describe('checkout choice', () => {
  it('refuses a bad carrier before the order is written, in the buyer language', async () => {
    const buyer = await createUser(t.ctx);
    const g = await goodsFixture(t.ctx, { specs: [{ price: 8_000, stock: 5 }] });
    const before = await t.ctx.db
      .selectFrom('shop_order')
      .select('id')
      .where('user_id', '=', buyer.id)
      .execute();
    const res = await call(t.app, 'POST', 'app/order/info/create', {
      token: buyer.token,
      language: 'zh-Hant',
      body: {
        buyNow: { specId: g.specIds[0], quantity: 1 },
        payWay: 'wallet',
        invoice: { kind: 'mobile', code: '/AB' },
      },
    });
    expect(res.code).not.toBe(1000);
    expect(res.message).toContain('須為「/」加 7 個字元');
    const ubn = await call(t.app, 'POST', 'app/order/info/create', {
      token: buyer.token,
      language: 'fr',
      body: {
        buyNow: { specId: g.specIds[0], quantity: 1 },
        payWay: 'wallet',
        invoice: { kind: 'company', ubn: '12345678', title: 'ACME' },
      },
    });
    expect(ubn.message).toContain("n'est pas un numéro d'entreprise valide");
    const after = await t.ctx.db
      .selectFrom('shop_order')
      .select('id')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('issuing', () => {
  it('a consumer with a mobile barcode: numbered by ezPay from the track, a random code, remembered', async () => {
    const { buyer, id } = await paidOrder({ kind: 'mobile', code: '/abc1234' });
    const res = await invoiceOf(buyer, id);
    expect(res.code, res.message).toBe(1000);
    const inv = res.data.invoice;
    expect(inv).toMatchObject({
      state: 'issued',
      category: 'B2C',
      amount: 80,
      salesAmount: 76,
      taxAmount: 4,
    });
    expect(inv.number).toMatch(/^AB00000[01]\d\d$/);
    expect(inv.randomCode).toMatch(/^\d{4}$/);
    expect(inv.choice).toEqual({ kind: 'mobile', code: '/ABC1234' });
    const sent = lastRequest('/Api/invoice_issue');
    expect(sent).toMatchObject({
      Category: 'B2C',
      CarrierType: '0',
      CarrierNum: '/ABC1234',
      PrintFlag: 'N',
      TaxType: '1',
      Amt: '76',
      TaxAmt: '4',
      TotalAmt: '80',
      ItemAmt: '80',
      Version: '1.5',
    });
    expect(sent).not.toHaveProperty('InvoiceNumber');
    const remembered = await call(t.app, 'GET', 'app/invoice/info/choice', { token: buyer.token });
    expect(remembered.data.choice).toEqual({ kind: 'mobile', code: '/ABC1234' });
    // nobody else sees it
    const other = await createUser(t.ctx);
    expect((await invoiceOf(other, id)).code).not.toBe(1000);
  });

  it('a company: B2B with the UBN, printed, lines before tax and 5% tax on top', async () => {
    const { buyer, id } = await paidOrder({
      kind: 'company',
      ubn: '04595252',
      title: '旅行電信股份有限公司',
    });
    expect((await invoiceOf(buyer, id)).data.invoice).toMatchObject({ state: 'issued', category: 'B2B' });
    expect(lastRequest('/Api/invoice_issue')).toMatchObject({
      Category: 'B2B',
      BuyerUBN: '04595252',
      BuyerName: '旅行電信股份有限公司',
      CarrierType: '',
      PrintFlag: 'Y',
      Amt: '76',
      TaxAmt: '4',
      TotalAmt: '80',
      ItemAmt: '76',
    });
  });

  it('the service down: the job retries, asks first, and issues once', async () => {
    sim.switches.failNext = 1;
    const { buyer, id, invoiceId } = await paidOrder({ kind: 'donation', loveCode: '8585' });
    expect((await invoiceRow(id)).state).toBe('pending');
    const problems = await call(t.app, 'GET', 'admin/invoice/info/problems', { token: ops.token });
    expect(problems.data.list.map((p: { id: number }) => p.id)).toContain(invoiceId);
    // the retry, once its backoff is over
    await t.ctx.jobs.runJob(await issueJobOf(invoiceId), Date.now() + 60_000);
    const inv = (await invoiceOf(buyer, id)).data.invoice;
    expect(inv.state).toBe('issued');
    expect(lastRequest('/Api/invoice_search')).toMatchObject({ SearchType: '1', TotalAmt: '80' });
    expect(lastRequest('/Api/invoice_issue')).toMatchObject({ LoveCode: '8585', CarrierType: '' });
  });

  it('a refusal is rejected for an operator, who retries it: ezPay numbers it then', async () => {
    sim.switches.refuseNext = 'INV10099';
    const { buyer, id, invoiceId } = await paidOrder();
    const row = await invoiceRow(id);
    expect([row.state, row.number, row.last_error]).toEqual([
      'rejected',
      null,
      'INV10099: refused by the simulator switch',
    ]);
    const retried = await call(t.app, 'POST', 'admin/invoice/info/retry', {
      token: ops.token,
      body: { id: invoiceId },
    });
    expect(retried.code, retried.message).toBe(1000);
    const inv = (await invoiceOf(buyer, id)).data.invoice;
    expect(inv.state).toBe('issued');
    expect(inv.number).toMatch(/^AB00000[01]\d\d$/);
    // the member carrier by default (no choice made)
    expect(lastRequest('/Api/invoice_issue').CarrierType).toBe('2');
  });

  it('an exhausted track: the invoice waits, operators see why, a new track lets it go', async () => {
    // every number of the period's tracks used, here and at ezPay
    await t.ctx.db
      .updateTable('invoice_track')
      .set((eb) => ({ next_no: eb('end_no', '+', 1) }))
      .where('period', '=', period)
      .execute();
    for (const tr of sim.tracks.values()) tr.next = tr.end + 1;
    const { buyer, id, invoiceId } = await paidOrder();
    expect(await invoiceRow(id)).toMatchObject({
      state: 'pending',
      number: null,
      last_error: 'INVOICE_TRACK_EXHAUSTED',
    });
    const problems = await call(t.app, 'GET', 'admin/invoice/info/problems', {
      token: ops.token,
      language: 'zh-Hant',
    });
    expect(problems.data.list.find((p: { id: number }) => p.id === invoiceId)?.lastError).toBe(
      `${period} 的發票號碼已用完：請載入新的字軌`,
    );
    expect((await addTrack({ period, prefix: 'CD', start: 0, end: 49 })).code).toBe(1000);
    await call(t.app, 'POST', 'admin/invoice/info/retry', { token: ops.token, body: { id: invoiceId } });
    expect((await invoiceOf(buyer, id)).data.invoice.number).toBe('CD00000000');
  });
});

describe('upload deadline', () => {
  it('a pending invoice past its deadline shows late; the last failed try leaves it failed', async () => {
    sim.switches.failNext = 1;
    const { id, invoiceId } = await paidOrder();
    await t.ctx.db
      .updateTable('invoice')
      .set({ deadline: Date.now() - 1 })
      .where('id', '=', invoiceId)
      .execute();
    const problems = await call(t.app, 'GET', 'admin/invoice/info/problems', { token: ops.token });
    expect(problems.data.list.find((p: { id: number }) => p.id === invoiceId)).toMatchObject({
      late: true,
      state: 'pending',
    });
    // the last of INVOICE_MAX_ATTEMPTS tries fails too: the runner gives up and the invoice is failed
    const job = await issueJobOf(invoiceId);
    await t.ctx.db
      .updateTable('job')
      .set({ attempts: INVOICE_MAX_ATTEMPTS - 1 })
      .where('id', '=', job)
      .execute();
    sim.switches.failNext = 1;
    await t.ctx.jobs.runJob(job, Date.now() + 3_600_000);
    expect(await invoiceRow(id)).toMatchObject({ state: 'failed' });
    expect(
      (await t.ctx.db.selectFrom('job').select('state').where('id', '=', job).executeTakeFirstOrThrow())
        .state,
    ).toBe('dead');
  });
});

describe('winning-invoice check', () => {
  it('finds the member-carrier winners of the period and tells each buyer once by SMS', async () => {
    const member = await paidOrder();
    const mobile = await paidOrder({ kind: 'mobile', code: '/WIN0001' });
    const wonNumber = defined((await invoiceRow(member.id)).number);
    const won = wonNumber.slice(2);
    const other = defined((await invoiceRow(mobile.id)).number).slice(2);
    // a first prize number sharing the member invoice's last 3 digits only: the sixth prize (NT$200)
    const first = `${String((Number(won.slice(0, 5)) + 1) % 100_000).padStart(5, '0')}${won.slice(-3)}`;
    expect(other.slice(-3)).not.toBe(won.slice(-3));
    const draw = { period, special: '99999999', grand: '99999998', first: [first], extraSixth: [] };
    const res = await call(t.app, 'POST', 'admin/invoice/track/draw', { token: ops.token, body: draw });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.winners).toEqual([
      expect.objectContaining({ number: wonNumber, prize: 'sixth', amount: 200, notified: true }),
    ]);
    const sms = () =>
      t.ctx.db.selectFrom('outbox').select('body').where('recipient', '=', member.buyer.phone).execute();
    expect((await sms()).map((m) => m.body)).toEqual([expect.stringContaining(wonNumber)]);
    // checked again: the same winner, nobody told twice
    await call(t.app, 'POST', 'admin/invoice/track/draw', { token: ops.token, body: draw });
    expect(await sms()).toHaveLength(1);
  });
});

describe('number tracks', () => {
  it('refuses ranges that are not whole blocks of 50, or overlap, in the operator language', async () => {
    const bad = await addTrack({ period, prefix: 'EF', start: 10, end: 59 }, 'zh-Hant');
    expect(bad.message).toContain('50 個一組');
    const overlap = await addTrack({ period, prefix: 'AB', start: 150, end: 249 });
    expect(overlap.message).toContain('AB00000100');
  });

  it('reports the numbers an ended period left blank', async () => {
    expect((await addTrack({ period: '202001', prefix: 'QQ', start: 0, end: 99 })).code).toBe(1000);
    // no invoice holds a QQ number: the whole track is blank (invoice.register.test.ts files used ones)
    const res = await call(t.app, 'GET', 'admin/invoice/track/blanks', { token: ops.token });
    expect(res.data.list).toContainEqual({ period: '202001', prefix: 'QQ', start: 0, end: 99 });
  });
});

describe('refunds', () => {
  const askAndApprove = async (buyer: Buyer, id: number, amount?: number) => {
    await refundApproved(t, buyer, id, ops.token, { amount });
    return t.ctx.db
      .selectFrom('invoice_return')
      .innerJoin('invoice', 'invoice.id', 'invoice_return.invoice_id')
      .select([
        'invoice_return.kind',
        'invoice_return.state',
        'invoice_return.amount',
        'invoice.state as invoiceState',
      ])
      .where('invoice.order_id', '=', id)
      .executeTakeFirstOrThrow();
  };

  it('a full refund in the same period voids the invoice', async () => {
    const { buyer, id } = await paidOrder();
    const r = await askAndApprove(buyer, id);
    expect(r).toMatchObject({ kind: 'void', state: 'done', invoiceState: 'voided' });
    expect(lastRequest('/Api/invoice_invalid')).toMatchObject({ Version: '1.0', InvalidReason: 'refund' });
  });

  it('a full refund of an invoice from an earlier period is an allowance, not a void', async () => {
    const { buyer, id } = await paidOrder();
    await t.ctx.db.updateTable('invoice').set({ period: '202001' }).where('order_id', '=', id).execute();
    const r = await askAndApprove(buyer, id);
    expect(r).toMatchObject({ kind: 'allowance', state: 'done', invoiceState: 'issued' });
    expect(Number(r.amount)).toBe(80);
  });

  it('a partial refund is an allowance (折讓) of the refunded amount', async () => {
    const { buyer, id } = await paidOrder({ kind: 'certificate', code: 'AB12345678901234' });
    const r = await askAndApprove(buyer, id, 2_500);
    expect(r).toMatchObject({ kind: 'allowance', state: 'done', invoiceState: 'issued' });
    expect(Number(r.amount)).toBe(25);
    expect(lastRequest('/Api/allowance_issue')).toMatchObject({
      Version: '1.3',
      ItemAmt: '24',
      ItemTaxAmt: '1',
      TotalAmt: '24',
    });
    const inv = (await invoiceOf(buyer, id)).data.invoice;
    expect(inv.allowances).toEqual([expect.objectContaining({ amount: 25, state: 'done' })]);
  });
});

describe('ezPay wire format', () => {
  it('PostData_ is standard AES-256-CBC/PKCS#7 hex of a query string, CheckCode the documented SHA-256', () => {
    const fields = { RespondType: 'JSON', Version: '1.5', ItemName: '日本 5GB|運費', BuyerName: 'A&B Co.' };
    const hex = encryptPostData(fields, SIM);
    // decrypted as ezPay's PHP sample and the Rytass adapter do: openssl with its own padding check
    const d = crypto.createDecipheriv('aes-256-cbc', SIM.hashKey, SIM.hashIV);
    const plain = d.update(hex, 'hex', 'utf8') + d.final('utf8');
    expect(Object.fromEntries(new URLSearchParams(plain))).toEqual(fields);
    const f = {
      InvoiceTransNo: '2611281234567',
      MerchantID: SIM.merchantId,
      MerchantOrderNo: 'O1',
      RandomNum: '0042',
      TotalAmt: 80,
    };
    const expected = crypto
      .createHash('sha256')
      .update(
        `HashIV=${SIM.hashIV}&InvoiceTransNo=2611281234567&MerchantID=${SIM.merchantId}&MerchantOrderNo=O1&RandomNum=0042&TotalAmt=80&HashKey=${SIM.hashKey}`,
      )
      .digest('hex')
      .toUpperCase();
    expect(invoiceCheckCode(f, SIM)).toBe(expected);
  });
});
