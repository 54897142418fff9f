import crypto from 'node:crypto';
import {
  decryptAes,
  encryptAes,
  httpBuildQuery,
  parseForm,
  sameDigest,
  taipeiParts,
} from '../payments/newebpay/newebpay.crypto';

/**
 * ezPay e-invoice wire format (ezPay 電子發票 API, sibling of NewebPay; what this is based on: ezPay's
 * published integration guide "ezPay 電子發票 API 串接手冊" as implemented by the MIT-licensed
 * Rytass/Utils package `@rytass/invoice-adapter-ezpay` (src/ezpay-invoice-gateway.ts), read from its
 * public repository, since that package is not on the registry this project reaches):
 * - POST form `MerchantID_` and `PostData_` to <base>/Api/invoice_issue (Version 1.5), invoice_invalid
 *   (1.0), allowance_issue (1.3), allowanceInvalid (1.0), invoice_search (1.3); base
 *   https://cinv.ezpay.com.tw (test) or https://inv.ezpay.com.tw (production);
 * - PostData_: the fields as a PHP http_build_query string, AES-256-CBC with the merchant's HashKey (32)
 *   and HashIV (16), PKCS#7, lowercase hex: the same cryptography as NewebPay (shared helpers);
 * - the answer: JSON `{ Status, Message, Result }`, Status "SUCCESS" or an error code, Result a JSON
 *   string; its CheckCode = upper(SHA256("HashIV=<iv>&" + InvoiceTransNo, MerchantID, MerchantOrderNo,
 *   RandomNum, TotalAmt as k=v in that (alphabetical) order joined by & + "&HashKey=<key>")).
 */

export const EZPAY_INVOICE_API = {
  test: 'https://cinv.ezpay.com.tw',
  production: 'https://inv.ezpay.com.tw',
};

export const EZPAY_PATHS = {
  issue: '/Api/invoice_issue',
  void: '/Api/invoice_invalid',
  allowance: '/Api/allowance_issue',
  voidAllowance: '/Api/allowanceInvalid',
  search: '/Api/invoice_search',
} as const;

export const EZPAY_VERSIONS = {
  issue: '1.5',
  void: '1.0',
  allowance: '1.3',
  voidAllowance: '1.0',
  search: '1.3',
} as const;

export type EzPayCredentials = { merchantId: string; hashKey: string; hashIV: string };

export type EzPayAnswer = { Status: string; Message: string; Result: string };

export const encryptPostData = (
  fields: Record<string, string | number | undefined>,
  c: Pick<EzPayCredentials, 'hashKey' | 'hashIV'>,
) => encryptAes(httpBuildQuery(fields), c.hashKey, c.hashIV);

/** Decrypts PostData_ into its fields (throws NewebPayCryptoError on a bad cipher text or pad). */
export const decryptPostData = (hex: string, c: Pick<EzPayCredentials, 'hashKey' | 'hashIV'>) =>
  parseForm(decryptAes(hex, c.hashKey, c.hashIV));

export type CheckFields = {
  InvoiceTransNo: string;
  MerchantID: string;
  MerchantOrderNo: string;
  RandomNum: string;
  TotalAmt: string | number;
};

export function invoiceCheckCode(f: CheckFields, c: Pick<EzPayCredentials, 'hashKey' | 'hashIV'>) {
  const body = (['InvoiceTransNo', 'MerchantID', 'MerchantOrderNo', 'RandomNum', 'TotalAmt'] as const)
    .map((k) => `${k}=${f[k]}`)
    .join('&');
  return crypto
    .createHash('sha256')
    .update(`HashIV=${c.hashIV}&${body}&HashKey=${c.hashKey}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

export const sameCheckCode = (a: string, b: string) => sameDigest(a, b);

/** ezPay's "yyyy-MM-dd HH:mm:ss" in Taiwan time. */
export function ezpayTime(epochMs: number) {
  const p = taipeiParts(epochMs);
  return `${p.date} ${p.time}`;
}

export { parseForm };
