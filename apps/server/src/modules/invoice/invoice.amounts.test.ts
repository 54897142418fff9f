import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildProviders } from '../../providers';
import { PRODUCTION_ENV } from '../../test/harness';
import { allowanceAmounts, invoiceAmounts } from './invoice.amounts';
import { periodEnd, periodOf } from './invoice.tracks';
import { prizeOf } from './invoice-draw.service';

const line = (name: string, quantity: number, amount: number, goodsType = 1) => ({
  name,
  quantity,
  amount,
  goodsType,
});

describe('invoice amounts', () => {
  it('B2C: tax-inclusive lines that add up to what was paid, a discount line for coupons and points', () => {
    const a = invoiceAmounts('B2C', [line('日本 5GB', 2, 600), line('SIM 卡', 1, 150, 0)], 60, 700);
    expect(a.items.map((i) => [i.name, i.count, i.price, i.amount])).toEqual([
      ['日本 5GB', 2, 300, 600],
      ['SIM 卡', 1, 150, 150],
      ['運費', 1, 60, 60],
      ['折扣', 1, -110, -110],
    ]);
    expect([a.taxType, a.amt, a.taxAmt, a.totalAmt]).toEqual(['1', 667, 33, 700]);
  });

  it('B2B: lines before tax adding up to Amt exactly, tax on top, the total what was paid', () => {
    const a = invoiceAmounts('B2B', [line('A', 3, 1000), line('B', 1, 333)], 0, 1333);
    expect(a.items.reduce((s, i) => s + i.amount, 0)).toBe(a.amt);
    expect(a.amt + a.taxAmt).toBe(1333);
    expect(Math.abs(Math.round(a.amt * 0.05) - a.taxAmt)).toBeLessThanOrEqual(1);
    for (const i of a.items) expect(i.count * i.price).toBe(i.amount);
  });

  it('allowances split the refunded amount into before-tax and tax', () => {
    expect(allowanceAmounts(25)).toEqual({ amt: 24, taxAmt: 1 });
    expect(allowanceAmounts(105)).toEqual({ amt: 100, taxAmt: 5 });
  });
});

describe('draw prizes', () => {
  const d = { special: '12345678', grand: '87654321', first: ['11112222', '33334444'], extraSixth: ['555'] };
  it('matches all 8 digits for the special, grand and first prizes, then the last 7 to 3 of a first', () => {
    expect(prizeOf('12345678', d)).toEqual({ prize: 'special', amount: 10_000_000 });
    expect(prizeOf('87654321', d)).toEqual({ prize: 'grand', amount: 2_000_000 });
    expect(prizeOf('33334444', d)).toEqual({ prize: 'first', amount: 200_000 });
    expect(prizeOf('91112222', d)).toEqual({ prize: 'second', amount: 40_000 });
    expect(prizeOf('99334444', d)).toEqual({ prize: 'third', amount: 10_000 });
    expect(prizeOf('99934444', d)).toEqual({ prize: 'fourth', amount: 4_000 });
    expect(prizeOf('99992222', d)).toEqual({ prize: 'fifth', amount: 1_000 });
    expect(prizeOf('99999222', d)).toEqual({ prize: 'sixth', amount: 200 });
    expect(prizeOf('00000555', d)).toEqual({ prize: 'extraSixth', amount: 200 });
    expect(prizeOf('00000554', d)).toBeNull();
    expect(prizeOf('12345670', d)).toBeNull();
  });
});

describe('periods', () => {
  it('are two months from an odd month, in Taiwan time', () => {
    expect(periodOf(Date.UTC(2026, 11, 31, 15, 59))).toBe('202611'); // 23:59 on 31 December in Taipei
    expect(periodOf(Date.UTC(2026, 11, 31, 16, 0))).toBe('202701'); // midnight, 1 January in Taipei
    expect(periodOf(Date.UTC(2026, 1, 10))).toBe('202601');
    expect(periodEnd('202611')).toBe(Date.UTC(2027, 0, 1) - 8 * 3_600_000);
  });
});

describe('configuration', () => {
  it('production with invoicing on refuses to start without the ezPay credentials', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, INVOICE_ENABLED: '1' })).toThrow(/EZPAY_INVOICE_HASH_KEY/);
    const on = loadConfig({
      ...PRODUCTION_ENV,
      INVOICE_ENABLED: '1',
      EZPAY_INVOICE_MERCHANT_ID: '31234567',
      EZPAY_INVOICE_HASH_KEY: 'k'.repeat(32),
      EZPAY_INVOICE_HASH_IV: 'v'.repeat(16),
    });
    expect(on.invoice).toMatchObject({ enabled: true, ezpay: { merchantId: '31234567', env: 'production' } });
    expect(loadConfig(PRODUCTION_ENV).invoice.enabled).toBe(false);
  });

  it("ezPay's member is optional in production: none registers tracks by hand, all three by the API, a half set refused", () => {
    const on = {
      ...PRODUCTION_ENV,
      INVOICE_ENABLED: '1',
      EZPAY_INVOICE_MERCHANT_ID: '31234567',
      EZPAY_INVOICE_HASH_KEY: 'k'.repeat(32),
      EZPAY_INVOICE_HASH_IV: 'v'.repeat(16),
    };
    const io = {
      db: undefined as never,
      inject: async () => ({ statusCode: 404, json: () => null }),
      http: async () => ({ status: 404, headers: {}, body: '' }),
    };
    const byHand = loadConfig(on);
    expect(byHand.invoice.ezpayMember).toBeUndefined();
    expect(buildProviders(byHand, io).invoiceTracks).toBeNull();
    const member = {
      ...on,
      EZPAY_MEMBER_ID: '5560028',
      EZPAY_MEMBER_HASH_KEY: 'm'.repeat(32),
      EZPAY_MEMBER_HASH_IV: 'n'.repeat(16),
    };
    const byApi = loadConfig(member);
    expect(byApi.invoice.ezpayMember).toEqual({
      companyId: '5560028',
      hashKey: 'm'.repeat(32),
      hashIV: 'n'.repeat(16),
    });
    expect(buildProviders(byApi, io).invoiceTracks).not.toBeNull();
    expect(() => loadConfig({ ...on, EZPAY_MEMBER_ID: '5560028' })).toThrow(/EZPAY_MEMBER_HASH_KEY/);
    expect(() => loadConfig({ ...member, EZPAY_MEMBER_HASH_IV: 'short' })).toThrow(/EZPAY_MEMBER_HASH_IV/);
  });
});
