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
 * ezPay e-invoice wire format (ezPay 電子發票 API, sibling of NewebPay).
 *
 * Who numbers an invoice (checked for issue 28, 2026-11): ezPay does. Its issue call (invoice_issue,
 * Version 1.5) has no field for a merchant-chosen number: the number is taken by ezPay from the number
 * tracks (字軌) the merchant registered on ezPay's platform for the period, and comes back in the answer's
 * `InvoiceNumber` (with `RandomNum`, `InvoiceTransNo`, `CheckCode`). Sources, read not copied:
 * - github.com/Rytass/Utils packages/invoice-adapter-ezpay/src/ezpay-invoice-gateway.ts (MIT): its issue
 *   payload lists every field it sends (TransNum, MerchantOrderNo, Status, Category, Buyer*, Carrier*,
 *   LoveCode, PrintFlag, TaxType, TaxRate, Amt*, TaxAmt, TotalAmt, Item*, Comment): no InvoiceNumber;
 *   the number is read from `payload.InvoiceNumber` of the answer;
 * - github.com/Agriweather/laravel-ezpay-invoice src/Options/Invoice/CreateOptions.php (MIT): the same
 *   field list for Version 1.5, no InvoiceNumber; its README documents ezPay's separate 字軌管理 API
 *   (`/Api_number_management/createNumber`, Version 1.0, posted as `CompanyID_` with the member's own
 *   HashKey/HashIV: Year (ROC), Term, AphabeticLetter, StartNumber, EndNumber, Type 07/08; and a query and
 *   enable/pause/disable of a registered track by its ManagementNo): that is how tracks reach ezPay;
 * - the Ruby gem ezpay-invoice (gemdocs.org/gems/ezpay-invoice/0.0.1): issue, void, allowance, query only,
 *   "並無字軌相關功能", pointing at ezPay's manual inv.ezpay.com.tw/dw_files/info_api/EZP_INVI_1_2_1.pdf.
 * None of them shows an API to file blank numbers (空白未使用字軌): modules/invoice/invoice.blank.ts makes
 * the Turnkey E0402 message instead. ezPay's error codes (manual EZP_INVI_1.2.2 of 2024-04-22, its 錯誤代碼
 * table as transcribed in two public clients, read not copied: the @paid-tw/einvoice ezPay adapter's
 * `mapEzpayError`, "Source: the ezPay 技術串接手冊 §九 錯誤代碼", and a markdown transcription of the manual):
 * INV90006 可開立張數已用罄 (no invoice number left to issue: our "no number left"), LIB10003 商店自訂編號重覆
 * (MerchantOrderNo already used), INV20006 查無發票資料 (no such invoice), INV90005 未簽定合約或合約已到期.
 *
 * The protocol (same sources):
 * - POST form `MerchantID_` and `PostData_` to <base>/Api/invoice_issue (Version 1.5), invoice_invalid
 *   (1.0), allowance_issue (1.3), allowanceInvalid (1.0), invoice_search (1.3); base
 *   https://cinv.ezpay.com.tw (test) or https://inv.ezpay.com.tw (production);
 * - PostData_: the fields as a PHP http_build_query string, AES-256-CBC with the merchant's HashKey (32)
 *   and HashIV (16), PKCS#7, lowercase hex: the same cryptography as NewebPay (shared helpers; checked
 *   against newebpay-mpg-sdk in ezpay.sdk.test.ts);
 * - the answer: JSON `{ Status, Message, Result }`, Status "SUCCESS" or an error code, Result a JSON
 *   string; its CheckCode = upper(SHA256("HashIV=<iv>&" + InvoiceTransNo, MerchantID, MerchantOrderNo,
 *   RandomNum, TotalAmt as k=v in that (alphabetical) order joined by & + "&HashKey=<key>")).
 */

/** Refusal codes meaning "no invoice number left in the registered tracks" (see above). */
export const EZPAY_NO_NUMBER_CODES: readonly string[] = ['INV90006'];
/** ezPay's refusal of a MerchantOrderNo it has already issued an invoice under (see above). */
export const EZPAY_DUPLICATE_ORDER_NO = 'LIB10003';

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
