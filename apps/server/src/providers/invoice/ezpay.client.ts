import { z } from 'zod';
import type { HttpClient } from '../payments/channel';
import {
  EZPAY_NO_NUMBER_CODES,
  EZPAY_PATHS,
  EZPAY_VERSIONS,
  encryptPostData,
  invoiceCheckCode,
  sameCheckCode,
  type EzPayCredentials,
} from './ezpay.wire';
import {
  InvoiceProviderUnavailable,
  type AllowanceResult,
  type InvoiceProvider,
  type IssuedRef,
  type IssueResult,
  type QueryResult,
  type Refusal,
} from './invoice-provider';

const answerSchema = z.object({
  Status: z.string(),
  Message: z.string().default(''),
  Result: z.unknown(),
});
/** Result's fields as text (ezPay sends numbers as numbers or strings; only their text is compared). */
const resultSchema = z.record(
  z.string(),
  z.union([z.string(), z.number()]).transform((v) => String(v)),
);

export type EzPayClientOptions = EzPayCredentials & {
  baseUrl: string;
  http: HttpClient;
  now?: () => number;
};

const join = <T>(items: T[], f: (i: T) => string | number) => items.map(f).join('|');

/** Who a request is from: the shop (MerchantID_) for invoices, the member (CompanyID_) for number tracks. */
export type EzPaySender = {
  baseUrl: string;
  http: HttpClient;
  idField: 'MerchantID_' | 'CompanyID_';
  id: string;
  hashKey: string;
  hashIV: string;
  /** AES pad block of PostData_ (ezpay.wire.ts: the track clients all pad to 32). */
  block?: 16 | 32;
};

/**
 * One form POST to ezPay: a refusal when Status is not SUCCESS (`noNumber` for EZPAY_NO_NUMBER_CODES), else
 * Result, read from its JSON text when it comes as text. A transport failure, a non-200 or an unreadable
 * answer is InvoiceProviderUnavailable (retried).
 */
export async function ezpayPost(
  o: EzPaySender,
  path: string,
  fields: Record<string, string | number | undefined>,
): Promise<{ refusal: Refusal; result?: undefined } | { refusal?: undefined; result: unknown }> {
  const body = new URLSearchParams({
    [o.idField]: o.id,
    PostData_: encryptPostData(fields, o, o.block),
  }).toString();
  let res;
  try {
    res = await o.http({
      method: 'POST',
      url: `${o.baseUrl.replace(/\/+$/, '')}${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  } catch (err) {
    throw new InvoiceProviderUnavailable(`ezPay ${path}: unreachable`, { cause: err });
  }
  if (res.status !== 200) throw new InvoiceProviderUnavailable(`ezPay ${path}: HTTP ${res.status}`);
  let answer: z.infer<typeof answerSchema>;
  try {
    answer = answerSchema.parse(JSON.parse(res.body));
  } catch (err) {
    throw new InvoiceProviderUnavailable(`ezPay ${path}: unreadable answer`, { cause: err });
  }
  if (answer.Status !== 'SUCCESS') {
    const refusal: Refusal = { ok: false, code: answer.Status, message: answer.Message };
    if (EZPAY_NO_NUMBER_CODES.includes(answer.Status)) refusal.noNumber = true;
    return { refusal };
  }
  try {
    return { result: typeof answer.Result === 'string' ? JSON.parse(answer.Result) : answer.Result };
  } catch (err) {
    throw new InvoiceProviderUnavailable(`ezPay ${path}: unreadable Result`, { cause: err });
  }
}

/**
 * ezPay's e-invoice API (ezpay.wire.ts for the protocol and its source). Every request is one form POST;
 * an answer whose Status is not SUCCESS is a refusal; a transport failure, a non-200, an unreadable answer
 * or a CheckCode that does not match is InvoiceProviderUnavailable (retried).
 *
 * ezPay numbers each invoice from the tracks registered with it and returns the number; modules/invoice
 * checks it against the shop's register of those tracks. A refusal for want of a number is marked
 * `noNumber` (EZPAY_NO_NUMBER_CODES).
 */
export function createEzPayInvoiceClient(o: EzPayClientOptions): InvoiceProvider {
  const now = o.now ?? Date.now;
  const timeStamp = () => String(Math.floor(now() / 1000));
  const sender: EzPaySender = { ...o, idField: 'MerchantID_', id: o.merchantId };

  async function post(
    path: string,
    fields: Record<string, string | number | undefined>,
  ): Promise<
    { refusal: Refusal; result?: undefined } | { refusal?: undefined; result: Record<string, string> }
  > {
    const a = await ezpayPost(sender, path, fields);
    if (a.refusal) return { refusal: a.refusal };
    try {
      return { result: resultSchema.parse(a.result) };
    } catch (err) {
      throw new InvoiceProviderUnavailable(`ezPay ${path}: unreadable Result`, { cause: err });
    }
  }

  function checked(path: string, result: Record<string, string>, ref: Omit<IssuedRef, 'invoiceNumber'>) {
    const expected = invoiceCheckCode(
      {
        InvoiceTransNo: ref.transNo,
        MerchantID: o.merchantId,
        MerchantOrderNo: ref.merchantOrderNo,
        RandomNum: ref.randomNum,
        TotalAmt: ref.totalAmt,
      },
      o,
    );
    if (!sameCheckCode(result.CheckCode ?? '', expected))
      throw new InvoiceProviderUnavailable(`ezPay ${path}: CheckCode does not match`);
  }

  return {
    name: 'ezpay',
    async issue(req): Promise<IssueResult> {
      const mixed = req.taxType === '9';
      const a = await post(EZPAY_PATHS.issue, {
        RespondType: 'JSON',
        Version: EZPAY_VERSIONS.issue,
        TimeStamp: timeStamp(),
        TransNum: '',
        MerchantOrderNo: req.merchantOrderNo,
        Status: '1',
        CreateStatusTime: '',
        Category: req.category,
        BuyerName: req.buyerName,
        BuyerUBN: req.buyerUbn,
        BuyerAddress: '',
        BuyerEmail: req.buyerEmail,
        CarrierType: req.carrierType,
        CarrierNum: req.carrierNum,
        LoveCode: req.loveCode,
        PrintFlag: req.printFlag,
        TaxType: req.taxType,
        TaxRate: req.taxRate,
        CustomsClearance: req.taxType === '2' || (mixed && (req.amtZero ?? 0) > 0) ? '1' : '',
        Amt: req.amt,
        AmtSales: mixed ? req.amtSales : undefined,
        AmtZero: mixed ? req.amtZero : undefined,
        AmtFree: mixed ? req.amtFree : undefined,
        TaxAmt: req.taxAmt,
        TotalAmt: req.totalAmt,
        ItemName: join(req.items, (i) => i.name),
        ItemCount: join(req.items, (i) => i.count),
        ItemUnit: join(req.items, (i) => i.unit),
        ItemPrice: join(req.items, (i) => i.price),
        ItemAmt: join(req.items, (i) => i.amount),
        ItemTaxType: mixed ? join(req.items, (i) => i.taxType) : undefined,
        Comment: req.comment ?? '',
      });
      if (a.refusal) return a.refusal;
      const r = a.result;
      checked(EZPAY_PATHS.issue, r, {
        merchantOrderNo: r.MerchantOrderNo ?? '',
        transNo: r.InvoiceTransNo ?? '',
        randomNum: r.RandomNum ?? '',
        totalAmt: Number(r.TotalAmt),
      });
      if (r.MerchantOrderNo !== req.merchantOrderNo || Number(r.TotalAmt) !== req.totalAmt)
        throw new InvoiceProviderUnavailable('ezPay issue: the answer is about another invoice');
      if (!/^[A-Z]{2}\d{8}$/.test(r.InvoiceNumber ?? ''))
        throw new InvoiceProviderUnavailable('ezPay issue: the answer has no invoice number');
      return {
        ok: true,
        invoiceNumber: r.InvoiceNumber ?? '',
        randomNum: r.RandomNum ?? '',
        transNo: r.InvoiceTransNo ?? '',
        createdAt: r.CreateTime ?? '',
      };
    },
    async void(req) {
      const a = await post(EZPAY_PATHS.void, {
        RespondType: 'JSON',
        Version: EZPAY_VERSIONS.void,
        TimeStamp: timeStamp(),
        InvoiceNumber: req.invoiceNumber,
        InvalidReason: req.reason.slice(0, 20),
      });
      if (a.refusal) return a.refusal;
      checked(EZPAY_PATHS.void, a.result, req);
      return { ok: true };
    },
    async allowance(req): Promise<AllowanceResult> {
      const a = await post(EZPAY_PATHS.allowance, {
        RespondType: 'JSON',
        Version: EZPAY_VERSIONS.allowance,
        TimeStamp: timeStamp(),
        InvoiceNo: req.invoiceNumber,
        MerchantOrderNo: req.merchantOrderNo,
        ItemName: join(req.items, (i) => i.name),
        ItemCount: join(req.items, (i) => i.count),
        ItemUnit: join(req.items, (i) => i.unit),
        ItemPrice: join(req.items, (i) => i.price),
        ItemAmt: join(req.items, (i) => i.amount),
        ItemTaxAmt: join(req.items, (i) => i.taxAmt),
        TotalAmt: req.amt,
        BuyerEmail: req.buyerEmail,
        Status: '1',
      });
      if (a.refusal) return a.refusal;
      checked(EZPAY_PATHS.allowance, a.result, req);
      return {
        ok: true,
        allowanceNo: a.result.AllowanceNo ?? '',
        remainAmt: Number(a.result.RemainAmt ?? 0),
      };
    },
    async voidAllowance(req) {
      const a = await post(EZPAY_PATHS.voidAllowance, {
        RespondType: 'JSON',
        Version: EZPAY_VERSIONS.voidAllowance,
        TimeStamp: timeStamp(),
        AllowanceNo: req.allowanceNo,
        InvalidReason: req.reason.slice(0, 20),
      });
      return a.refusal ?? { ok: true };
    },
    async query(req): Promise<QueryResult> {
      const a = await post(EZPAY_PATHS.search, {
        RespondType: 'JSON',
        Version: EZPAY_VERSIONS.search,
        TimeStamp: timeStamp(),
        SearchType: '1',
        MerchantOrderNo: req.merchantOrderNo,
        TotalAmt: req.totalAmt,
        InvoiceNumber: '',
        RandomNum: '',
      });
      if (a.refusal) return a.refusal.code === 'NOT_FOUND' ? { ok: true, found: false } : a.refusal;
      const r = a.result;
      checked(EZPAY_PATHS.search, r, {
        merchantOrderNo: r.MerchantOrderNo ?? '',
        transNo: r.InvoiceTransNo ?? '',
        randomNum: r.RandomNum ?? '',
        totalAmt: Number(r.TotalAmt),
      });
      return {
        ok: true,
        found: true,
        invoiceNumber: r.InvoiceNumber ?? '',
        randomNum: r.RandomNum ?? '',
        transNo: r.InvoiceTransNo ?? '',
        status: r.InvoiceStatus === '2' ? 'voided' : 'issued',
      };
    },
  };
}
