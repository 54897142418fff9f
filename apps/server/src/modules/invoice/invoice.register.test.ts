import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, defined, type TestApp } from '../../test/harness';
import { createInvoiceTestApp } from './invoice.fixtures';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { buyNow, payOrder } from '../order/order.fixtures';
import { createEzPaySimState } from '../../providers/invoice/ezpay.simulator';
import { issueInvoice } from './invoice-issue.service';
import { e0402Problems, e0402Xml } from './invoice.blank';
import { periodOf } from './invoice.tracks';

/**
 * Who numbers an invoice (issue 28): ezPay does, from the tracks registered with it; the shop's tracks are
 * the register its answers are checked against. Invoices raced through the provider (never a number twice,
 * none skipped), answers outside the register or reused, a gap, ezPay's own "no number left", and the
 * blank numbers filed as MIG 4.1 E0402. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
const SIM = {
  merchantId: '31234568',
  hashKey: 'testEzPayInvoiceHashKey000000001',
  hashIV: 'testEzPayInvIV01',
};
const SELLER = '04595252';
const sim = createEzPaySimState();
let t: TestApp;
let ops: { id: number; token: string };
let period: string;

beforeAll(async () => {
  t = await createInvoiceTestApp(sim, SIM, { INVOICE_SELLER_UBN: SELLER });
  ops = await createOperator(t.ctx, 'finance');
  period = periodOf(Date.now());
  await t.ctx.db.deleteFrom('invoice_track').execute();
});
afterAll(async () => t.close());

/** Loads a track in the shop's register (the shop registers it with the simulator through its track API). */
async function loadTrack(tr: { period: string; prefix: string; start: number; end: number }) {
  const res = await call(t.app, 'POST', 'admin/invoice/track/add', { token: ops.token, body: tr });
  expect(res.code, res.message).toBe(1000);
  return res.data.id as number;
}
const invoiceRow = (id: number) =>
  t.ctx.db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const trackRow = async (id: number) =>
  defined(
    (await call(t.app, 'GET', 'admin/invoice/track/list', { token: ops.token })).data.list.find(
      (r: { id: number }) => r.id === id,
    ),
  );
const problemOf = async (invoiceId: number, language = 'en') =>
  (await call(t.app, 'GET', 'admin/invoice/info/problems', { token: ops.token, language })).data.list.find(
    (p: { id: number; kind: string }) => p.id === invoiceId && p.kind === 'invoice',
  );

/** `n` paid orders of one buyer (invoices written and put on their job, not run yet): their invoice ids. */
async function paidInvoices(n: number) {
  const buyer = await createUser(t.ctx);
  const g = await goodsFixture(t.ctx, { specs: [{ price: 8_000, stock: n }] });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const created = await buyNow(t, buyer, defined(g.specIds[0]));
    expect(created.code, created.message).toBe(1000);
    expect(await payOrder(t, created.data.id as number)).toBe(true);
    const inv = await t.ctx.db
      .selectFrom('invoice')
      .select('id')
      .where('order_id', '=', created.data.id as number)
      .executeTakeFirstOrThrow();
    ids.push(Number(inv.id));
  }
  return ids;
}
const issue = (id: number) => issueInvoice(t.ctx, id).catch((err: unknown) => String(err));

describe('ezPay numbers, the register checks', () => {
  let raced: number[] = [];
  let zz = 0;

  it('60 invoices raced through ezPay on a 50-number track: 50 contiguous numbers, 10 wait, none skipped', async () => {
    zz = await loadTrack({ period, prefix: 'ZZ', start: 50, end: 99 });
    raced = await paidInvoices(60);
    const outcomes = await Promise.all(raced.map(issue));
    const rows = await Promise.all(raced.map(invoiceRow));
    const issued = rows.filter((r) => r.state === 'issued');
    expect(issued.map((r) => r.number).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `ZZ000000${50 + i}`),
    );
    expect(new Set(issued.map((r) => r.track_id))).toEqual(new Set([zz]));
    const waiting = rows.filter((r) => r.state === 'pending');
    expect(waiting).toHaveLength(10);
    expect(waiting.every((r) => r.number === null && r.last_error === 'INVOICE_TRACK_EXHAUSTED')).toBe(true);
    expect(outcomes.filter((o) => String(o).includes('no invoice number left'))).toHaveLength(10);
    // the request carries no number: ezPay chose each one
    expect(
      sim.requests.filter((r) => r.path === '/Api/invoice_issue').some((r) => 'InvoiceNumber' in r.fields),
    ).toBe(false);
    expect(await trackRow(zz)).toMatchObject({ next: 100, left: 0, recorded: 50, skipped: 0 });
    // operators are told why, in their language
    expect((await problemOf(defined(waiting[0]).id, 'zh-Hant'))?.lastError).toBe(
      `${period} 的發票號碼已用完：請載入新的字軌`,
    );
  });

  it('a new track registered and loaded lets the waiting ones go, in order', async () => {
    const yy = await loadTrack({ period, prefix: 'YY', start: 0, end: 49 });
    const waiting = (await Promise.all(raced.map(invoiceRow))).filter((r) => r.state === 'pending');
    for (const r of waiting) expect(await issue(Number(r.id))).toBe('issued');
    const numbers = (await Promise.all(waiting.map((r) => invoiceRow(Number(r.id))))).map((r) => r.number);
    expect(numbers.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `YY0000000${i}`));
    expect(await trackRow(yy)).toMatchObject({ next: 10, recorded: 10, skipped: 0 });
  });

  it('ezPay saying no number is left, while the register has room, makes the invoice wait, not fail', async () => {
    const [id] = await paidInvoices(1);
    // the register has 40 numbers left on YY; ezPay's own tracks are used up
    for (const tr of sim.tracks.values()) tr.next = tr.end + 1;
    expect(await issue(defined(id))).toContain('no invoice number left');
    expect(await invoiceRow(defined(id))).toMatchObject({
      state: 'pending',
      last_error: 'INVOICE_TRACK_EXHAUSTED',
    });
    const yy = [...sim.tracks.values()].find((tr) => tr.prefix === 'YY');
    if (yy) yy.next = 10;
    expect(await issue(defined(id))).toBe('issued');
    expect((await invoiceRow(defined(id))).number).toBe('YY00000010');
  });

  it('a gap: a number past the next expected is recorded, the numbers it skipped shown', async () => {
    const yy = defined([...sim.tracks.values()].find((tr) => tr.prefix === 'YY'));
    yy.next = 13; // ezPay skipped YY00000011 and YY00000012
    const [id] = await paidInvoices(1);
    expect(await issue(defined(id))).toBe('issued');
    expect((await invoiceRow(defined(id))).number).toBe('YY00000013');
    const track = (await call(t.app, 'GET', 'admin/invoice/track/list', { token: ops.token })).data.list.find(
      (r: { prefix: string }) => r.prefix === 'YY',
    );
    expect(track).toMatchObject({ next: 14, recorded: 12, skipped: 2 });
  });

  it('an answer outside the register is kept and flagged; a number already held is never stored twice', async () => {
    const [outside, reused] = await paidInvoices(2);
    sim.switches.numberNext = 'XY12345678';
    expect(await issue(defined(outside))).toBe('issued');
    expect(await invoiceRow(defined(outside))).toMatchObject({
      number: 'XY12345678',
      track_id: null,
      last_error: 'INVOICE_NUMBER_UNREGISTERED',
    });
    expect((await problemOf(defined(outside), 'fr'))?.lastError).toContain('XY12345678, hors de toute série');
    sim.switches.numberNext = 'ZZ00000077';
    expect(await issue(defined(reused))).toBe('rejected');
    expect(await invoiceRow(defined(reused))).toMatchObject({
      state: 'rejected',
      number: null,
      last_error: 'INVOICE_NUMBER_REUSED: ZZ00000077',
    });
    expect((await problemOf(defined(reused), 'en'))?.lastError).toBe(
      'ezPay answered with ZZ00000077, a number another invoice already holds: ask ezPay',
    );
  });
});

describe('blank numbers filed (MIG 4.1 E0402)', () => {
  const parser = new XMLParser({
    parseTagValue: false,
    ignoreAttributes: false,
    isArray: (name) => name === 'BranchTrackBlankItem',
  });
  const download = (query: Record<string, string>, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/invoice/track/blanks/e0402?${new URLSearchParams(query).toString()}`,
      headers: { authorization: ops.token, language },
    });

  it('an ended period: the unused and skipped numbers of each prefix as an E0402 download', async () => {
    const qq = await loadTrack({ period: '202001', prefix: 'QQ', start: 0, end: 99 });
    // three invoices of that period recorded on QQ00000000, QQ00000001 and QQ00000005
    const some = (
      await t.ctx.db.selectFrom('invoice').select('id').where('state', '=', 'issued').limit(3).execute()
    ).map((r) => Number(r.id));
    for (const [i, n] of [0, 1, 5].entries())
      await t.ctx.db
        .updateTable('invoice')
        .set({ track_id: qq, number: `QQ0000000${n}`, period: '202001' })
        .where('id', '=', defined(some[i]))
        .execute();
    const list = (await call(t.app, 'GET', 'admin/invoice/track/blanks', { token: ops.token })).data.list;
    expect(list.filter((b: { prefix: string }) => b.prefix === 'QQ')).toEqual([
      { period: '202001', prefix: 'QQ', start: 2, end: 4 },
      { period: '202001', prefix: 'QQ', start: 6, end: 99 },
    ]);
    const res = await download({ period: '202001', prefix: 'qq' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain(`E0402_${SELLER}_10902_QQ.xml`);
    const doc = parser.parse(res.body);
    expect(doc.BranchTrackBlank['@_xmlns']).toBe('urn:GEINV:eInvoiceMessage:E0402:4.1');
    expect(doc.BranchTrackBlank.Main).toEqual({
      HeadBan: SELLER,
      BranchBan: SELLER,
      InvoiceType: '07',
      YearMonth: '10902',
      InvoiceTrack: 'QQ',
    });
    expect(doc.BranchTrackBlank.Details.BranchTrackBlankItem).toEqual([
      { InvoiceBeginNo: '00000002', InvoiceEndNo: '00000004' },
      { InvoiceBeginNo: '00000006', InvoiceEndNo: '00000099' },
    ]);
  });

  it('refuses a period that has not ended, in the operator language', async () => {
    const res = await download({ period, prefix: 'ZZ' }, 'fr');
    expect(res.json().message).toContain('Aucun numéro vierge à déclarer');
    expect(res.statusCode).toBeLessThan(500);
  });

  it('MIG 4.1 field rules: a bad UBN, a bad period or overlapping ranges are refused', () => {
    const good = {
      sellerUbn: SELLER,
      invoiceType: '07' as const,
      period: '202611',
      prefix: 'AB',
      ranges: [{ start: 0, end: 49 }],
    };
    expect(e0402Problems(good)).toEqual([]);
    expect(e0402Xml(good)).toContain('<YearMonth>11512</YearMonth>');
    expect(e0402Problems({ ...good, sellerUbn: '12345678' })).toEqual(['HeadBan/BranchBan: not a valid UBN']);
    expect(e0402Problems({ ...good, period: '202612' })).toEqual(['YearMonth: not a two-month period']);
    expect(
      e0402Problems({
        ...good,
        ranges: [
          { start: 0, end: 10 },
          { start: 10, end: 20 },
        ],
      }),
    ).toEqual(['ranges must ascend without overlap (00000010)']);
    expect(() => e0402Xml({ ...good, prefix: 'ab' })).toThrow('InvoiceTrack');
  });
});
