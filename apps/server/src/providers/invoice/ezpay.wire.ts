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
 *
 * Number tracks (字軌管理 API, manual EZP_Track_1.0.0 of 2018-10-03; checked for issue 28, 2026-11). Sources,
 * read not copied:
 * - github.com/Agriweather/laravel-ezpay-invoice (MIT): README.md §字軌管理 API; src/Options/AlphanumericCode/
 *   CreateOptions.php and QueryOptions.php (the fields and their order); src/Builders/AlphanumericCode/
 *   CreateBuilder.php and QueryBuilder.php (paths, the member's own keys `company_hash_key`/`company_hash_iv`,
 *   the Flag rules quoted below); src/Enums/AlphanumericCode/AlphanumericCodeStatus.php, Enums/Invoice/
 *   InvoiceTerm.php, InvoiceType.php; src/Crypto/Crypto.php (AES padding to 32-byte blocks); its tests
 *   tests/Feature/AlphanumericCode/*Test.php (the exact PostData_ of each call and the answers' shape);
 * - github.com/ycs77/laravel-ezpay-invoice-test routes/alphanumericCode.php and routes/helper.php: the same
 *   three calls by hand, and `checkAlphanumericCode`, the answer's CheckCode;
 * - github.com/dennykuo/invoice-porter docs/ezpay-track-api-mapping.md, src/Ezpay/EzpayTrackClient.php,
 *   src/Ezpay/Requests/Track/*.php, src/Ezpay/Enums/TrackFlag.php and tests/Feature/Client/Track/
 *   TrackErrorMappingTest.php: the manual's sections 5-1 to 5-3, appendix 2 (CheckCode) and appendix 3
 *   (error codes).
 * What they agree on:
 * - member level, not shop level: POST form `CompanyID_` (the member number, 會員編號) and `PostData_`,
 *   PostData_ encrypted as above but with the member's own HashKey/HashIV (會員 API 串接金鑰, separate from
 *   the shop's), padded to 32-byte blocks as every one of them does (`addPadding($s, 32)`);
 * - <base>/Api_number_management/createNumber (新增字軌): RespondType, Version 1.0, TimeStamp, Year (ROC year,
 *   3 digits: "只可輸入今年與明年", this year or next), Term (1-6: Jan-Feb ... Nov-Dec), AphabeticLetter (sic,
 *   2 capitals), StartNumber and EndNumber (8 digits), Type (07 一般稅額, 08 特種稅額), in that order;
 * - /Api_number_management/manageNumber (字軌資料管理): ManagementNo, Year, Flag (0 暫停 paused, 1 啟用
 *   enabled, 2 停用 disabled for good; invoice-porter leaves Year out, Agriweather and ycs77 send it: we do);
 * - /Api_number_management/searchNumber (字軌資料查詢): Year, and optionally Term, ManagementNo, Flag;
 * - the answer: JSON `{ Status, Message, Result }` with Result an object (a list for searchNumber) carrying
 *   ManagementNo (e.g. "0t0ghr0fyv"), Year, Term, AphabeticLetter, StartNumber, EndNumber, Type,
 *   CreateDatetime, LastNumber (numbers left), Flag and CheckCode = upper(SHA256("HashIV=<iv>&" +
 *   AphabeticLetter, CompanyId, EndNumber, ManagementNo, StartNumber as k=v in that order joined by & +
 *   "&HashKey=<key>")) with the member's keys;
 * - Flag rules (Agriweather QueryBuilder.php): one enabled track per period (會員僅能啟用一組未過期別之字軌;
 *   the member's very first track is enabled by itself); a paused track waits, and when the enabled one is
 *   used up ezPay switches to the period's next paused track in the order they were created;
 * - refusals (appendix 3): INM10001 字軌已存在, INM10002 字軌號碼錯誤, INM10003 字軌期別錯誤, INM10004 字軌起訖號碼
 *   錯誤, INM10005 字軌已被使用, INM10006 查無字軌資料 (also a search that finds nothing), LIB10010 公司不存在,
 *   KEY10006 金鑰錯誤, MOD10001 系統忙碌中.
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

/** PostData_: the fields as PHP's http_build_query, AES-256-CBC, hex (16-byte pad blocks unless told 32). */
export const encryptPostData = (
  fields: Record<string, string | number | undefined>,
  c: Pick<EzPayCredentials, 'hashKey' | 'hashIV'>,
  block: 16 | 32 = 16,
) => encryptAes(httpBuildQuery(fields), c.hashKey, c.hashIV, block);

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

// ---------------------------------------------------------------- number tracks (字軌管理 API, see above)

export const EZPAY_TRACK_PATHS = {
  create: '/Api_number_management/createNumber',
  manage: '/Api_number_management/manageNumber',
  search: '/Api_number_management/searchNumber',
} as const;
export const EZPAY_TRACK_VERSION = '1.0';
/** Flag: 0 paused (暫停), 1 enabled (啟用), 2 disabled for good (停用). */
export const EZPAY_TRACK_FLAGS = { paused: '0', enabled: '1', disabled: '2' } as const;
export type EzPayTrackFlag = (typeof EZPAY_TRACK_FLAGS)[keyof typeof EZPAY_TRACK_FLAGS];
/** 查無字軌資料: also the answer of a search that finds nothing. */
export const EZPAY_TRACK_NOT_FOUND = 'INM10006';
/** Type 07: general tax (一般稅額計算), every track of this shop. */
export const EZPAY_TRACK_TYPE_GENERAL = '07';

/** The member (會員) whose tracks these are: its number and its own API keys, not the shop's. */
export type EzPayMemberCredentials = { companyId: string; hashKey: string; hashIV: string };

export type TrackCheckFields = {
  AphabeticLetter: string;
  CompanyId: string;
  EndNumber: string;
  ManagementNo: string;
  StartNumber: string;
};

/** A track answer's CheckCode (appendix 2): its five fields in alphabetical order, the member's keys around. */
export function trackCheckCode(f: TrackCheckFields, c: Pick<EzPayMemberCredentials, 'hashKey' | 'hashIV'>) {
  const body = httpBuildQuery({
    AphabeticLetter: f.AphabeticLetter,
    CompanyId: f.CompanyId,
    EndNumber: f.EndNumber,
    ManagementNo: f.ManagementNo,
    StartNumber: f.StartNumber,
  });
  return crypto
    .createHash('sha256')
    .update(`HashIV=${c.hashIV}&${body}&HashKey=${c.hashKey}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** A track's 8-digit number as ezPay writes it. */
export const trackNumber = (n: number) => String(n).padStart(8, '0');

/** A two-month period (yyyymm of its odd first month) as ezPay's Year (ROC, 3 digits) and Term (1-6). */
export function rocYearTerm(period: string) {
  const year = Number(period.slice(0, 4)) - 1911;
  const term = (Number(period.slice(4, 6)) + 1) / 2;
  return { Year: String(year).padStart(3, '0'), Term: String(term) };
}

/** ezPay's Year and Term as our period (yyyymm); null when they are not one. */
export function periodOfYearTerm(year: string, term: string): string | null {
  if (!/^\d{3}$/.test(year) || !/^[1-6]$/.test(term)) return null;
  return `${Number(year) + 1911}${String(Number(term) * 2 - 1).padStart(2, '0')}`;
}
