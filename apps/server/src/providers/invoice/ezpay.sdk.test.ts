import Fastify from 'fastify';
import { NewebpayClient } from 'newebpay-mpg-sdk';
import { describe, expect, it } from 'vitest';
import { createInjectHttpClient } from '../payments/http-client';
import { createEzPayInvoiceClient } from './ezpay.client';
import { createEzPaySimState, ezPayInvoiceSimulator } from './ezpay.simulator';
import { createEzPayTrackClient } from './ezpay.tracks';
import { decryptPostData, encryptPostData, invoiceCheckCode } from './ezpay.wire';

/**
 * The ezPay e-invoice wire checked by an implementation we did not write (issue 28). No ezPay e-invoice
 * package exists on the npm registry this project reaches (404 for ezpay-invoice-sdk, ezpay-invoice,
 * node-ezpay-invoice, @rytass/invoice-adapter-ezpay, @rytass/invoice, ezpay, mcp-ezpay-einvoice; the only
 * npm e-invoice client listed, ecpay_invoice_nodejs, speaks ECPay's protocol). ezPay's PostData_ and the
 * answer's CheckCode are NewebPay's own constructions (same company): AES-256-CBC over the form string with
 * HashKey/HashIV, and SHA-256 of "HashIV=…&<sorted fields>&HashKey=…". newebpay-mpg-sdk 2.3.6 (MIT, already
 * a dev dependency for the payment wire) implements both, so it checks ours: it decrypts what we encrypt,
 * we decrypt what it encrypts, its CheckCode equals ours, and a CheckCode it computes is accepted by our
 * client on an answer of our simulator. Its decrypt drops every byte below 0x21, spaces included, so the
 * values sent through it carry none.
 */
const C = { merchantId: '31234569', hashKey: 'sdkEzPayInvoiceHashKey0000000000', hashIV: 'sdkEzPayInvIV000' };
const sdk = new NewebpayClient({
  merchantId: C.merchantId,
  hashKey: C.hashKey,
  hashIV: C.hashIV,
  env: 'sandbox',
});

describe('ezPay e-invoice wire against newebpay-mpg-sdk 2.3.6', () => {
  const fields = {
    RespondType: 'JSON',
    Version: '1.5',
    TimeStamp: '1795000000',
    MerchantOrderNo: 'S2611280001',
    Category: 'B2C',
    BuyerName: '王小明',
    CarrierType: '0',
    CarrierNum: '/ABC+123',
    ItemName: '日本5GB|運費',
    ItemAmt: '299|60',
    TotalAmt: '359',
  };

  it('the SDK decrypts our PostData_ to the same fields', () => {
    const ours = encryptPostData(fields, C);
    expect(Object.fromEntries(new URLSearchParams(sdk.decryptAESString(ours)))).toEqual(fields);
  });

  it('we decrypt PostData_ the SDK encrypts to the same fields', () => {
    const theirs = sdk.encryptAESString(new URLSearchParams(fields).toString());
    expect(decryptPostData(theirs, C)).toEqual(fields);
  });

  it('the SDK CheckCode over an issued invoice equals ours', () => {
    const f = {
      InvoiceTransNo: '26112812345678901',
      MerchantID: C.merchantId,
      MerchantOrderNo: 'S2611280001',
      RandomNum: '0427',
      TotalAmt: 359,
    };
    expect(sdk.buildCheckCode({ ...f, TotalAmt: '359' })).toBe(invoiceCheckCode(f, C));
    // a one-character change in a field changes it
    expect(sdk.buildCheckCode({ ...f, TotalAmt: '358' })).not.toBe(invoiceCheckCode(f, C));
  });

  it('our client accepts a simulator answer only with the CheckCode the SDK computes too', async () => {
    const app = Fastify();
    const state = createEzPaySimState();
    const member = {
      companyId: '7712345',
      hashKey: 'sdkEzPayMemberHashKey00000000000',
      hashIV: 'sdkEzPayMemIV000',
    };
    await app.register(ezPayInvoiceSimulator, { prefix: '/sim', ...C, member, state });
    const http = createInjectHttpClient(() => app);
    const client = createEzPayInvoiceClient({ ...C, baseUrl: 'http://sim.test/sim', http });
    // tracks registered through the number track API: the next period's is never used, the current one's is
    const tracks = createEzPayTrackClient({ ...member, baseUrl: 'http://sim.test/sim', http });
    expect(
      (await tracks.register({ period: periodAfter(simPeriodNow()), prefix: 'KK', start: 0, end: 49 })).ok,
    ).toBe(true);
    const now = await tracks.register({ period: simPeriodNow(), prefix: 'KK', start: 100, end: 149 });
    if (!now.ok) throw new Error(now.message);
    expect(
      (await tracks.setState({ ref: now.track.ref, period: now.track.period, state: 'enabled' })).ok,
    ).toBe(true);
    const req = {
      merchantOrderNo: 'S2611280002',
      category: 'B2C' as const,
      buyerName: 'Buyer',
      buyerUbn: '',
      buyerEmail: '',
      carrierType: '2' as const,
      carrierNum: 'M1',
      loveCode: '',
      printFlag: 'N' as const,
      taxType: '1' as const,
      taxRate: 5,
      amt: 342,
      taxAmt: 17,
      totalAmt: 359,
      items: [{ name: 'eSIM', count: 1, unit: '件', price: 359, amount: 359, taxType: '1' as const }],
    };
    const res = await client.issue(req);
    if (!res.ok) throw new Error(res.message);
    expect(res.invoiceNumber).toBe('KK00000100');
    const inv = state.invoices.get('S2611280002');
    expect(
      sdk.buildCheckCode({
        InvoiceTransNo: inv?.transNo ?? '',
        MerchantID: C.merchantId,
        MerchantOrderNo: 'S2611280002',
        RandomNum: res.randomNum,
        TotalAmt: '359',
      }),
    ).toBe(
      invoiceCheckCode(
        {
          InvoiceTransNo: res.transNo,
          MerchantID: C.merchantId,
          MerchantOrderNo: 'S2611280002',
          RandomNum: res.randomNum,
          TotalAmt: 359,
        },
        C,
      ),
    );
    await app.close();
  });
});

/** yyyymm of the current two-month period's first month, Taiwan time. */
function simPeriodNow() {
  const d = new Date(Date.now() + 8 * 3_600_000);
  const m = d.getUTCMonth() + 1;
  return `${d.getUTCFullYear()}${String(m - ((m - 1) % 2)).padStart(2, '0')}`;
}

/** The two-month period after `period` (yyyymm of odd months). */
function periodAfter(period: string) {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  return m === 11 ? `${y + 1}01` : `${y}${String(m + 2).padStart(2, '0')}`;
}
