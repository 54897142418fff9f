import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isCitizenCertificate, isLoveCode, isMobileBarcode, isValidUbn } from '@simshop/contracts';
import {
  EZPAY_DUPLICATE_ORDER_NO,
  EZPAY_NO_NUMBER_CODES,
  EZPAY_PATHS,
  EZPAY_TRACK_FLAGS,
  EZPAY_TRACK_NOT_FOUND,
  EZPAY_TRACK_PATHS,
  EZPAY_TRACK_VERSION,
  EZPAY_VERSIONS,
  decryptPostData,
  ezpayTime,
  invoiceCheckCode,
  parseForm,
  periodOfYearTerm,
  rocYearTerm,
  trackCheckCode,
  trackNumber,
  type EzPayCredentials,
  type EzPayMemberCredentials,
  type EzPayTrackFlag,
} from './ezpay.wire';

/**
 * A local stand-in for ezPay's e-invoice API (ezpay.wire.ts), mounted in demo mode under
 * /dev/sim/ezpay-invoice: the same paths, form fields, AES PostData_, JSON answers and CheckCode. It checks
 * what the service checks (merchant, timestamp window, version, B2B/B2C rules, carriers, love codes, UBN,
 * amounts that add up, one invoice per MerchantOrderNo) and answers with its own error codes (the client
 * relies only on "SUCCESS", and on EZPAY_NO_NUMBER_CODES). Like ezPay it numbers each invoice itself, from
 * the tracks (字軌) registered with it through its number track API (createNumber, with the member's own
 * number and keys) for the current period (Taiwan time): from the period's enabled track, and when that one
 * is used up from the next paused one in the order they were registered (which it enables); none enabled or
 * none left answers INV90006. Each number once: the take is synchronous (no await between reading a track's
 * next number and moving it), so concurrent issues never share or skip a number. State is in memory (demo
 * mode keeps the tracks in DATA_DIR through `save`, ezpay.demo.ts). `switches` make it misbehave the ways
 * tests need (including answering with a number of its choosing).
 */
export type EzPaySimSwitches = {
  /** The next n calls answer HTTP 503 (the service is down). */
  failNext: number;
  /** The next call is refused with this code. */
  refuseNext: string | null;
  /** The next issue is answered with this number instead of the track's next (a misbehaving service). */
  numberNext: string | null;
};

/**
 * A track registered with the service: `period` yyyymm of its first month; `next` its next number; `flag`
 * ezPay's (0 paused, 1 enabled, 2 disabled); `seq` the order it was registered in.
 */
export type EzPaySimTrack = {
  managementNo: string;
  period: string;
  prefix: string;
  start: number;
  end: number;
  next: number;
  type: string;
  flag: EzPayTrackFlag;
  seq: number;
  createdAt: number;
};

export type EzPaySimInvoice = {
  merchantOrderNo: string;
  invoiceNumber: string;
  transNo: string;
  randomNum: string;
  totalAmt: number;
  category: string;
  status: '1' | '2';
  fields: Record<string, string>;
  allowances: { no: string; amt: number; voided: boolean }[];
  createdAt: number;
};

export type EzPaySimState = {
  switches: EzPaySimSwitches;
  invoices: Map<string, EzPaySimInvoice>;
  /** Every decrypted request, in order (tests read the wire format here). */
  requests: { path: string; fields: Record<string, string> }[];
  /** The registered tracks, by ManagementNo. */
  tracks: Map<string, EzPaySimTrack>;
  /** Called after the tracks change (a registration, a flag, a number taken): demo mode writes them out. */
  save?: (tracks: EzPaySimTrack[]) => void;
};

export const createEzPaySimState = (tracks: EzPaySimTrack[] = []): EzPaySimState => ({
  switches: { failNext: 0, refuseNext: null, numberNext: null },
  invoices: new Map(),
  requests: [],
  tracks: new Map(tracks.map((t) => [t.managementNo, t])),
});

/** yyyymm of the first month of the two-month period `at` falls in, Taiwan time. */
function simPeriod(at: number) {
  const [y = '', m = ''] = ezpayTime(at).split('-');
  const month = Number(m);
  return `${y}${String(month - ((month - 1) % 2)).padStart(2, '0')}`;
}

const periodTracks = (state: EzPaySimState, period: string) =>
  [...state.tracks.values()].filter((t) => t.period === period).sort((a, b) => a.seq - b.seq);

/**
 * The next number of the period, taken; null when none is left or none is enabled. The enabled track
 * first; once it is used up, the period's first paused track with numbers left is enabled in its place.
 */
function takeSimNumber(state: EzPaySimState, period: string) {
  const tracks = periodTracks(state, period);
  let on = tracks.find((t) => t.flag === EZPAY_TRACK_FLAGS.enabled);
  if (!on) return null;
  if (on.next > on.end) {
    const waiting = tracks.find((t) => t.flag === EZPAY_TRACK_FLAGS.paused && t.next <= t.end);
    if (!waiting) return null;
    on.flag = EZPAY_TRACK_FLAGS.paused;
    waiting.flag = EZPAY_TRACK_FLAGS.enabled;
    on = waiting;
  }
  const n = on.next;
  on.next += 1;
  state.save?.([...state.tracks.values()]);
  return `${on.prefix}${trackNumber(n)}`;
}

export type EzPaySimulatorOptions = EzPayCredentials & {
  /** The member whose number track API this is (CompanyID_ and its own keys, ezpay.wire.ts). */
  member: EzPayMemberCredentials;
  state?: EzPaySimState;
  now?: () => number;
  timestampWindowSeconds?: number;
};

const FORM = 'application/x-www-form-urlencoded';
/** ManagementNo is 10 of these (e.g. "0t0ghr0fyv", ezpay.wire.ts). */
const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyz';
const sum = (s: string | undefined) => (s ?? '').split('|').reduce((a, v) => a + Number(v), 0);
const parts = (s: string | undefined) => (s ?? '').split('|');

/** Issue rules (a subset of ezPay's, the ones a shop can break): null when the fields are acceptable. */
function issueProblem(f: Record<string, string>): [string, string] | null {
  const b2b = f.Category === 'B2B';
  if (f.Category !== 'B2B' && f.Category !== 'B2C') return ['INV10004', 'Category must be B2B or B2C'];
  if (!f.MerchantOrderNo || !/^[A-Za-z0-9_]{1,20}$/.test(f.MerchantOrderNo))
    return ['INV10005', 'MerchantOrderNo: 1-20 letters, digits or _'];
  if (b2b && !isValidUbn(f.BuyerUBN ?? '')) return ['INV10006', 'BuyerUBN is not a valid UBN'];
  if (b2b && (f.PrintFlag !== 'Y' || f.CarrierType)) return ['INV10007', 'B2B: PrintFlag Y and no carrier'];
  if (!b2b) {
    const ct = f.CarrierType ?? '';
    if (ct === '0' && !isMobileBarcode(f.CarrierNum ?? ''))
      return ['INV10008', 'CarrierNum: bad mobile barcode'];
    if (ct === '1' && !isCitizenCertificate(f.CarrierNum ?? ''))
      return ['INV10008', 'CarrierNum: bad citizen certificate'];
    if (ct === '2' && !f.CarrierNum) return ['INV10008', 'CarrierNum: member carrier needs a number'];
    if (f.LoveCode && !isLoveCode(f.LoveCode)) return ['INV10009', 'LoveCode: 3-7 digits'];
    const ways = [ct !== '', Boolean(f.LoveCode), f.PrintFlag === 'Y'].filter(Boolean).length;
    if (ways !== 1) return ['INV10010', 'B2C: exactly one of carrier, love code or print'];
  }
  const amt = Number(f.Amt);
  const tax = Number(f.TaxAmt);
  const total = Number(f.TotalAmt);
  if (![amt, tax, total].every(Number.isInteger) || amt + tax !== total || total <= 0)
    return ['INV10011', 'Amt + TaxAmt must equal TotalAmt'];
  const n = parts(f.ItemName).length;
  if (![f.ItemCount, f.ItemUnit, f.ItemPrice, f.ItemAmt].every((s) => parts(s).length === n))
    return ['INV10012', 'Item fields must have the same number of | parts'];
  const counts = parts(f.ItemCount).map(Number);
  const prices = parts(f.ItemPrice).map(Number);
  const amts = parts(f.ItemAmt).map(Number);
  for (let i = 0; i < n; i += 1)
    if (Math.abs((counts[i] ?? 0) * (prices[i] ?? 0) - (amts[i] ?? 0)) > 0.5)
      return ['INV10013', `ItemAmt ${i + 1} is not ItemCount x ItemPrice`];
  // B2C items are tax-inclusive (they add up to TotalAmt), B2B items before tax (to Amt)
  if (sum(f.ItemAmt) !== (b2b ? amt : total)) return ['INV10014', 'ItemAmt must add up to the invoice'];
  if (f.TaxType === '1' && Math.abs(Math.round(amt * 0.05) - tax) > 1)
    return ['INV10015', 'TaxAmt is not 5% of Amt'];
  return null;
}

export async function ezPayInvoiceSimulator(app: FastifyInstance, opts: EzPaySimulatorOptions) {
  const state = opts.state ?? createEzPaySimState();
  const now = opts.now ?? Date.now;
  const window = opts.timestampWindowSeconds ?? 120;
  const credentials = { hashKey: opts.hashKey, hashIV: opts.hashIV };
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const answer = (Status: string, Message: string, result: Record<string, string | number> | '' = '') => ({
    Status,
    Message,
    Result: result === '' ? '' : JSON.stringify(result),
  });
  type Answer = ReturnType<typeof answer> | { Status: string; Message: string; Result: object };
  const checkOf = (inv: EzPaySimInvoice) =>
    invoiceCheckCode(
      {
        InvoiceTransNo: inv.transNo,
        MerchantID: opts.merchantId,
        MerchantOrderNo: inv.merchantOrderNo,
        RandomNum: inv.randomNum,
        TotalAmt: inv.totalAmt,
      },
      credentials,
    );
  const byNumber = (no: string | undefined) =>
    [...state.invoices.values()].find((i) => i.invoiceNumber === no);

  /** The shop's calls come as MerchantID_ with its keys, the number track calls as CompanyID_ with the member's. */
  const merchant = { field: 'MerchantID_', id: opts.merchantId, keys: credentials };
  const member = { field: 'CompanyID_', id: opts.member.companyId, keys: opts.member };
  const route = (
    path: string,
    version: string,
    handle: (f: Record<string, string>) => Answer | Promise<Answer>,
    who: typeof merchant = merchant,
  ) =>
    app.post(path, { schema: { hide: true } }, async (req, reply) => {
      if (state.switches.failNext > 0) {
        state.switches.failNext -= 1;
        return reply.code(503).send('Service Unavailable');
      }
      const form = parseForm(typeof req.body === 'string' ? req.body : '');
      if (form[who.field] !== who.id)
        return who === member ? answer('LIB10010', '公司不存在') : answer('KEY10002', `unknown ${who.field}`);
      let f: Record<string, string>;
      try {
        f = decryptPostData(form.PostData_ ?? '', who.keys);
      } catch {
        return answer('KEY10006', 'PostData_ cannot be decrypted');
      }
      state.requests.push({ path, fields: f });
      if (Math.abs(Number(f.TimeStamp) - now() / 1000) > window)
        return answer('TIM10001', 'TimeStamp out of window');
      if (f.Version !== version) return answer('VER10001', `Version must be ${version}`);
      if (f.RespondType !== 'JSON') return answer('RES10001', 'RespondType must be JSON');
      const refuse = state.switches.refuseNext;
      if (refuse) {
        state.switches.refuseNext = null;
        return answer(refuse, 'refused by the simulator switch');
      }
      return handle(f);
    });

  route(EZPAY_PATHS.issue, EZPAY_VERSIONS.issue, (f) => {
    const problem = issueProblem(f);
    if (problem) return answer(problem[0], problem[1]);
    // from here on synchronous: check, take and record in one turn of the event loop
    if (state.invoices.has(f.MerchantOrderNo ?? ''))
      return answer(EZPAY_DUPLICATE_ORDER_NO, '商店自訂編號重覆');
    const forced = state.switches.numberNext;
    state.switches.numberNext = null;
    const number = forced ?? takeSimNumber(state, simPeriod(now()));
    if (!number) return answer(EZPAY_NO_NUMBER_CODES[0] ?? 'INV90006', '可開立張數已用罄');
    const inv: EzPaySimInvoice = {
      merchantOrderNo: f.MerchantOrderNo ?? '',
      invoiceNumber: number,
      transNo: `${ezpayTime(now()).replace(/\D/g, '').slice(2)}${crypto.randomInt(100_000, 999_999)}`,
      randomNum: String(crypto.randomInt(0, 10_000)).padStart(4, '0'),
      totalAmt: Number(f.TotalAmt),
      category: f.Category ?? '',
      status: '1',
      fields: f,
      allowances: [],
      createdAt: now(),
    };
    state.invoices.set(inv.merchantOrderNo, inv);
    return answer('SUCCESS', '電子發票開立成功', {
      CheckCode: checkOf(inv),
      MerchantID: opts.merchantId,
      MerchantOrderNo: inv.merchantOrderNo,
      InvoiceNumber: inv.invoiceNumber,
      TotalAmt: inv.totalAmt,
      InvoiceTransNo: inv.transNo,
      RandomNum: inv.randomNum,
      CreateTime: ezpayTime(inv.createdAt),
      BarCode: `${inv.invoiceNumber}${inv.randomNum}`,
    });
  });

  route(EZPAY_PATHS.void, EZPAY_VERSIONS.void, (f) => {
    const inv = byNumber(f.InvoiceNumber);
    if (!inv) return answer('INV20001', 'no such invoice');
    if (!f.InvalidReason) return answer('INV20002', 'InvalidReason is required');
    if (inv.status === '2') return answer('INV20003', 'invoice already voided');
    if (inv.allowances.some((a) => !a.voided)) return answer('INV20004', 'void its allowances first');
    inv.status = '2';
    return answer('SUCCESS', '作廢成功', {
      CheckCode: checkOf(inv),
      InvoiceNumber: inv.invoiceNumber,
      CreateTime: ezpayTime(now()),
    });
  });

  route(EZPAY_PATHS.allowance, EZPAY_VERSIONS.allowance, (f) => {
    const inv = byNumber(f.InvoiceNo);
    if (!inv || inv.merchantOrderNo !== f.MerchantOrderNo) return answer('ALW10001', 'no such invoice');
    if (inv.status === '2') return answer('ALW10002', 'invoice is voided');
    const amt = Number(f.TotalAmt);
    if (!Number.isInteger(amt) || amt <= 0 || sum(f.ItemAmt) !== amt)
      return answer('ALW10003', 'ItemAmt must add up to TotalAmt');
    const taken = inv.allowances.filter((a) => !a.voided).reduce((s, a) => s + a.amt, 0);
    const taxTotal = sum(f.ItemTaxAmt);
    if (taken + amt + taxTotal > inv.totalAmt) return answer('ALW10004', 'more than the invoice has left');
    const no = `A${ezpayTime(now()).replace(/\D/g, '').slice(2, 8)}${crypto.randomInt(1e8, 1e9 - 1)}`;
    inv.allowances.push({ no, amt: amt + taxTotal, voided: false });
    return answer('SUCCESS', '折讓開立成功', {
      CheckCode: checkOf(inv),
      AllowanceNo: no,
      InvoiceNumber: inv.invoiceNumber,
      MerchantID: opts.merchantId,
      MerchantOrderNo: inv.merchantOrderNo,
      AllowanceAmt: amt,
      RemainAmt: inv.totalAmt - taken - amt - taxTotal,
    });
  });

  route(EZPAY_PATHS.voidAllowance, EZPAY_VERSIONS.voidAllowance, (f) => {
    for (const inv of state.invoices.values())
      for (const a of inv.allowances)
        if (a.no === f.AllowanceNo && !a.voided) {
          a.voided = true;
          return answer('SUCCESS', '折讓作廢成功', { AllowanceNo: a.no, CreateTime: ezpayTime(now()) });
        }
    return answer('ALW20001', 'no such allowance');
  });

  route(EZPAY_PATHS.search, EZPAY_VERSIONS.search, (f) => {
    const inv =
      f.SearchType === '1'
        ? state.invoices.get(f.MerchantOrderNo ?? '')
        : [...state.invoices.values()].find(
            (i) => i.invoiceNumber === f.InvoiceNumber && i.randomNum === f.RandomNum,
          );
    if (!inv || (f.SearchType === '1' && inv.totalAmt !== Number(f.TotalAmt)))
      return answer('NOT_FOUND', 'no such invoice');
    return answer('SUCCESS', '查詢成功', {
      CheckCode: checkOf(inv),
      MerchantID: opts.merchantId,
      MerchantOrderNo: inv.merchantOrderNo,
      InvoiceNumber: inv.invoiceNumber,
      InvoiceTransNo: inv.transNo,
      RandomNum: inv.randomNum,
      TotalAmt: inv.totalAmt,
      InvoiceStatus: inv.status,
      Category: inv.category,
      TaxType: inv.fields.TaxType ?? '1',
      CreateTime: ezpayTime(inv.createdAt),
    });
  });

  // ---------------------------------------------------------------- number tracks (字軌管理 API)

  const saved = () => state.save?.([...state.tracks.values()]);
  /** A track as ezPay answers it, with the CheckCode over the member's number and keys. */
  const trackResult = (t: EzPaySimTrack) => {
    const fields = {
      AphabeticLetter: t.prefix,
      CompanyId: opts.member.companyId,
      EndNumber: trackNumber(t.end),
      ManagementNo: t.managementNo,
      StartNumber: trackNumber(t.start),
    };
    return {
      ...fields,
      ...rocYearTerm(t.period),
      Type: t.type,
      CreateDatetime: ezpayTime(t.createdAt),
      LastNumber: String(Math.max(0, t.end + 1 - t.next)),
      Flag: t.flag,
      CheckCode: trackCheckCode(fields, opts.member),
    };
  };
  const tracked = (Message: string, result: object) => ({ Status: 'SUCCESS', Message, Result: result });
  /** ROC years ezPay takes a track for: this one and the next (Taiwan time). */
  const yearsOpen = () => {
    const y = Number(ezpayTime(now()).slice(0, 4)) - 1911;
    return [String(y), String(y + 1)];
  };
  const rangeOf = (f: Record<string, string>) => {
    if (!/^\d{8}$/.test(f.StartNumber ?? '') || !/^\d{8}$/.test(f.EndNumber ?? '')) return null;
    const start = Number(f.StartNumber);
    const end = Number(f.EndNumber);
    // whole booklets of 50 (起號 00 or 50, 迄號 49 or 99)
    return start <= end && start % 50 === 0 && (end + 1) % 50 === 0 ? { start, end } : null;
  };

  route(
    EZPAY_TRACK_PATHS.create,
    EZPAY_TRACK_VERSION,
    (f) => {
      const period = periodOfYearTerm(f.Year ?? '', f.Term ?? '');
      if (!period || !yearsOpen().includes(f.Year ?? '')) return answer('INM10003', '字軌期別錯誤');
      if (!/^[A-Z]{2}$/.test(f.AphabeticLetter ?? '')) return answer('INM10002', '字軌號碼錯誤');
      const range = rangeOf(f);
      if (!range) return answer('INM10004', '字軌起訖號碼錯誤');
      if (f.Type !== '07' && f.Type !== '08') return answer('LIB10004', '參數格式錯誤');
      const clash = [...state.tracks.values()].some(
        (t) =>
          t.period === period &&
          t.prefix === f.AphabeticLetter &&
          t.start <= range.end &&
          t.end >= range.start,
      );
      if (clash) return answer('INM10001', '字軌已存在');
      const seq = state.tracks.size;
      const t: EzPaySimTrack = {
        managementNo: Array.from(crypto.randomBytes(10), (b) => ALNUM[b % ALNUM.length]).join(''),
        period,
        prefix: f.AphabeticLetter ?? '',
        ...range,
        next: range.start,
        type: f.Type,
        // the member's first track is enabled by itself; every later one waits, paused
        flag: seq === 0 ? EZPAY_TRACK_FLAGS.enabled : EZPAY_TRACK_FLAGS.paused,
        seq,
        createdAt: now(),
      };
      state.tracks.set(t.managementNo, t);
      saved();
      return tracked('新增字軌成功', trackResult(t));
    },
    member,
  );

  route(
    EZPAY_TRACK_PATHS.manage,
    EZPAY_TRACK_VERSION,
    (f) => {
      const t = state.tracks.get(f.ManagementNo ?? '');
      if (!t) return answer(EZPAY_TRACK_NOT_FOUND, '查無字軌資料');
      if (f.Year !== undefined && f.Year !== rocYearTerm(t.period).Year)
        return answer('INM10003', '字軌期別錯誤');
      const flag = Object.values(EZPAY_TRACK_FLAGS).find((v) => v === f.Flag);
      if (!flag) return answer('LIB10004', '參數格式錯誤');
      // a disabled track never comes back
      if (t.flag === EZPAY_TRACK_FLAGS.disabled && flag !== t.flag) return answer('INM10005', '字軌已被使用');
      // one enabled track per period: enabling this one pauses the other
      if (flag === EZPAY_TRACK_FLAGS.enabled)
        for (const o of periodTracks(state, t.period))
          if (o.flag === EZPAY_TRACK_FLAGS.enabled) o.flag = EZPAY_TRACK_FLAGS.paused;
      t.flag = flag;
      saved();
      return tracked('修改字軌狀態成功', trackResult(t));
    },
    member,
  );

  route(
    EZPAY_TRACK_PATHS.search,
    EZPAY_TRACK_VERSION,
    (f) => {
      if (!/^\d{3}$/.test(f.Year ?? '')) return answer('LIB10001', '必填欄位不齊');
      const found = [...state.tracks.values()]
        .sort((a, b) => a.seq - b.seq)
        .filter((t) => {
          const yt = rocYearTerm(t.period);
          return (
            yt.Year === f.Year &&
            (!f.Term || yt.Term === f.Term) &&
            (!f.ManagementNo || t.managementNo === f.ManagementNo) &&
            (!f.Flag || t.flag === f.Flag)
          );
        });
      if (found.length === 0) return answer(EZPAY_TRACK_NOT_FOUND, '查無字軌資料');
      return tracked('查詢字軌成功', found.map(trackResult));
    },
    member,
  );
}
