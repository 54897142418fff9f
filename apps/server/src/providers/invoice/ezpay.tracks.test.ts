import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, HttpRequest } from '../payments/channel';
import { createInjectHttpClient } from '../payments/http-client';
import { loadEzPaySimState } from './ezpay.demo';
import { defined } from '../../test/harness';
import { createEzPayInvoiceClient } from './ezpay.client';
import { createEzPaySimState, ezPayInvoiceSimulator, type EzPaySimState } from './ezpay.simulator';
import { createEzPayTrackClient } from './ezpay.tracks';
import { trackCheckCode } from './ezpay.wire';
import { InvoiceProviderUnavailable, type InvoiceProvider } from './invoice-provider';

/**
 * ezPay's number track API (字軌管理) on the wire, checked against what the PHP library
 * Agriweather/laravel-ezpay-invoice sends (ezpay.wire.ts): its PostData_ built here the way the library's
 * Options and Crypto classes build it (an independent implementation: PHP http_build_query of its fields in
 * its order, padded to 32-byte blocks with chr(pad), AES-256-CBC without openssl's own padding, bin2hex),
 * byte for byte equal to what our client sends; the simulator answering such a request, sent raw, as the
 * library reads answers; the answer's CheckCode as ycs77's helper computes it. No PHP runs here.
 */
const SHOP = {
  merchantId: '31234571',
  hashKey: 'wireEzPayInvoiceHashKey000000000',
  hashIV: 'wireEzPayInvIV00',
};
const MEMBER = {
  companyId: '7712399',
  hashKey: 'wireEzPayMemberHashKey0000000000',
  hashIV: 'wireEzPayMemIV00',
};
/** 2026-07-15 12:00 in Taipei: ROC year 115, term 4 (July-August). */
const NOW = Date.UTC(2026, 6, 15, 4, 0, 0);
const TS = String(Math.floor(NOW / 1000));

/** PHP's urlencode over http_build_query's pairs (only [A-Za-z0-9._-] stay, a space is +). */
const phpQuery = (fields: [string, string][]) =>
  fields
    .map(([k, v]) =>
      [k, v]
        .map((s) =>
          encodeURIComponent(s)
            .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
            .replace(/%20/g, '+'),
        )
        .join('='),
    )
    .join('&');

/** The library's Crypto::encryptPostData: addPadding($s, 32), openssl_encrypt(RAW | ZERO_PADDING), bin2hex. */
function libraryPostData(fields: [string, string][], key: string, iv: string) {
  const data = Buffer.from(phpQuery(fields), 'utf8');
  const pad = 32 - (data.length % 32);
  const c = crypto.createCipheriv('aes-256-cbc', Buffer.from(key), Buffer.from(iv));
  c.setAutoPadding(false);
  return Buffer.concat([c.update(Buffer.concat([data, Buffer.alloc(pad, pad)])), c.final()]).toString('hex');
}

/** What the library's CreateOptions::toArray() posts for a track, in its order. */
const libraryCreate = (ts: string): [string, string][] => [
  ['RespondType', 'JSON'],
  ['Version', '1.0'],
  ['TimeStamp', ts],
  ['Year', '115'],
  ['Term', '4'],
  ['AphabeticLetter', 'AA'],
  ['StartNumber', '24000100'],
  ['EndNumber', '24000199'],
  ['Type', '07'],
];

let app: FastifyInstance;
let state: EzPaySimState;
const sentBodies: HttpRequest[] = [];
let http: HttpClient;

beforeAll(async () => {
  app = Fastify();
  state = createEzPaySimState();
  await app.register(ezPayInvoiceSimulator, {
    prefix: '/sim',
    ...SHOP,
    member: MEMBER,
    state,
    now: () => NOW,
  });
  const inject = createInjectHttpClient(() => app);
  http = async (req) => {
    sentBodies.push(req);
    return inject(req);
  };
});
afterAll(async () => app.close());

const client = (member = MEMBER) =>
  createEzPayTrackClient({ ...member, baseUrl: 'http://sim.test/sim', http, now: () => NOW });
const form = (req: HttpRequest | undefined) =>
  Object.fromEntries(new URLSearchParams(String(req?.body ?? '')));

describe("ezPay's number track API against laravel-ezpay-invoice", () => {
  it('createNumber: CompanyID_ and the PostData_ the library sends, byte for byte', async () => {
    const res = await client().register({
      period: '202607',
      prefix: 'AA',
      start: 24_000_100,
      end: 24_000_199,
    });
    expect(res.ok).toBe(true);
    const req = sentBodies.find((r) => r.url.endsWith('/Api_number_management/createNumber'));
    expect(req?.url).toBe('http://sim.test/sim/Api_number_management/createNumber');
    const sent = form(req);
    expect(Object.keys(sent)).toEqual(['CompanyID_', 'PostData_']);
    expect(sent.CompanyID_).toBe(MEMBER.companyId);
    expect(sent.PostData_).toBe(libraryPostData(libraryCreate(TS), MEMBER.hashKey, MEMBER.hashIV));
    // the simulator read it as those fields, in that order
    const read = state.requests.find((r) => r.path === '/Api_number_management/createNumber')?.fields;
    expect(Object.entries(read ?? {})).toEqual(libraryCreate(TS));
  });

  it('manageNumber and searchNumber: the library fields, in its order', async () => {
    const made = await client().register({ period: '202607', prefix: 'AB', start: 0, end: 49 });
    if (!made.ok) throw new Error(made.message);
    await client().setState({ ref: made.track.ref, period: '202607', state: 'enabled' });
    await client().list('202607');
    const last = (p: string) => state.requests.filter((r) => r.path === p).at(-1)?.fields ?? {};
    // QueryOptions::toArray() for ->withNo()->withYear()->enable(), and for ->withYear()->withTerm()->get()
    expect(Object.entries(last('/Api_number_management/manageNumber'))).toEqual([
      ['RespondType', 'JSON'],
      ['Version', '1.0'],
      ['TimeStamp', TS],
      ['ManagementNo', made.track.ref],
      ['Year', '115'],
      ['Flag', '1'],
    ]);
    expect(Object.entries(last('/Api_number_management/searchNumber'))).toEqual([
      ['RespondType', 'JSON'],
      ['Version', '1.0'],
      ['TimeStamp', TS],
      ['Year', '115'],
      ['Term', '4'],
    ]);
  });

  it('answers a request sent as the library sends it with what the library reads, CheckCode as computed by hand', async () => {
    const fields = libraryCreate(TS).map(([k, v]): [string, string] =>
      k === 'AphabeticLetter' ? [k, 'AC'] : [k, v],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/sim/Api_number_management/createNumber',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        CompanyID_: MEMBER.companyId,
        PostData_: libraryPostData(fields, MEMBER.hashKey, MEMBER.hashIV),
      }).toString(),
    });
    const body = res.json();
    expect(body.Status).toBe('SUCCESS');
    // CreateResult reads Result as an object (HasAlphanumericCode)
    const r = body.Result;
    expect(r).toMatchObject({
      Year: '115',
      Term: '4',
      AphabeticLetter: 'AC',
      StartNumber: '24000100',
      EndNumber: '24000199',
      Type: '07',
      LastNumber: '100',
      Flag: '0',
    });
    expect(r.ManagementNo).toMatch(/^[0-9a-z]{10}$/);
    expect(r.CreateDatetime).toBe('2026-07-15 12:00:00');
    // ycs77's checkAlphanumericCode: ksort the five, http_build_query, HashIV/HashKey around, SHA-256, upper
    const five = {
      AphabeticLetter: 'AC',
      CompanyId: MEMBER.companyId,
      EndNumber: '24000199',
      ManagementNo: r.ManagementNo,
      StartNumber: '24000100',
    };
    const byHand = crypto
      .createHash('sha256')
      .update(
        `HashIV=${MEMBER.hashIV}&${Object.keys(five)
          .sort()
          .map((k) => `${k}=${five[k as keyof typeof five]}`)
          .join('&')}&HashKey=${MEMBER.hashKey}`,
      )
      .digest('hex')
      .toUpperCase();
    expect(r.CheckCode).toBe(byHand);
    expect(trackCheckCode(five, MEMBER)).toBe(byHand);
  });

  it("refuses the shop's own number and keys on the member's API", async () => {
    const shop = { companyId: SHOP.merchantId, hashKey: SHOP.hashKey, hashIV: SHOP.hashIV };
    const res = await client(shop).list('202607');
    expect(res).toMatchObject({ ok: false, code: 'LIB10010' });
  });

  it('our client takes no answer whose CheckCode is not the member’s', async () => {
    const other = { ...MEMBER, hashKey: 'someoneElsesMemberHashKey0000000' };
    const fake = Fastify();
    await fake.register(ezPayInvoiceSimulator, {
      prefix: '/sim',
      ...SHOP,
      member: { ...MEMBER, hashKey: other.hashKey },
      state: createEzPaySimState(),
      now: () => NOW,
    });
    // a service that decrypts with one key and signs with another: the request is read, the answer refused
    const mixed = createEzPayTrackClient({
      ...MEMBER,
      baseUrl: 'http://sim.test/sim',
      http: async (req) => {
        const f = form(req);
        const plain = new URLSearchParams({
          CompanyID_: f.CompanyID_ ?? '',
          PostData_: reencrypt(f.PostData_ ?? ''),
        });
        return createInjectHttpClient(() => fake)({ ...req, body: plain.toString() });
      },
      now: () => NOW,
    });
    const refused = mixed.register({ period: '202607', prefix: 'AD', start: 0, end: 49 });
    await expect(refused).rejects.toThrow(InvoiceProviderUnavailable);
    await expect(refused).rejects.toThrow('CheckCode does not match');
    await fake.close();

    /** PostData_ decrypted with the member's key, encrypted again with the other one. */
    function reencrypt(hex: string) {
      const d = crypto.createDecipheriv(
        'aes-256-cbc',
        Buffer.from(MEMBER.hashKey),
        Buffer.from(MEMBER.hashIV),
      );
      d.setAutoPadding(false);
      const plain = Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]);
      const c = crypto.createCipheriv('aes-256-cbc', Buffer.from(other.hashKey), Buffer.from(MEMBER.hashIV));
      c.setAutoPadding(false);
      return Buffer.concat([c.update(plain), c.final()]).toString('hex');
    }
  });
});

/** A simulator of its own, its track client and its invoice client, all at the fixed clock. */
async function ownSimulator(st: EzPaySimState = createEzPaySimState()) {
  const a = Fastify();
  await a.register(ezPayInvoiceSimulator, {
    prefix: '/sim',
    ...SHOP,
    member: MEMBER,
    state: st,
    now: () => NOW,
  });
  const h = createInjectHttpClient(() => a);
  const at = { baseUrl: 'http://sim.test/sim', http: h, now: () => NOW };
  return {
    a,
    st,
    tracks: createEzPayTrackClient({ ...MEMBER, ...at }),
    invoices: createEzPayInvoiceClient({ ...SHOP, ...at }),
  };
}

/** A B2C invoice of NT$100 on the member carrier. */
const issueOf = (invoices: InvoiceProvider, merchantOrderNo: string) =>
  invoices.issue({
    merchantOrderNo,
    category: 'B2C',
    buyerName: 'Buyer',
    buyerUbn: '',
    buyerEmail: '',
    carrierType: '2',
    carrierNum: 'M1',
    loveCode: '',
    printFlag: 'N',
    taxType: '1',
    taxRate: 5,
    amt: 95,
    taxAmt: 5,
    totalAmt: 100,
    items: [{ name: 'eSIM', count: 1, unit: '件', price: 100, amount: 100, taxType: '1' }],
  });
const numberOf = (r: Awaited<ReturnType<InvoiceProvider['issue']>>) => (r.ok ? r.invoiceNumber : r.code);

describe("ezPay's flag rules in the simulator", () => {
  it('numbers from the enabled track, then the next paused one of the period; none enabled: INV90006', async () => {
    const { a, st, tracks, invoices } = await ownSimulator();
    const first = await tracks.register({ period: '202607', prefix: 'KA', start: 0, end: 49 });
    const second = await tracks.register({ period: '202607', prefix: 'KB', start: 0, end: 49 });
    if (!first.ok || !second.ok) throw new Error('not registered');
    // the member's first track is enabled by itself, the next one waits
    expect([first.track.state, second.track.state]).toEqual(['enabled', 'paused']);
    defined([...st.tracks.values()].find((t) => t.prefix === 'KA')).next = 49; // one number left on KA
    expect(numberOf(await issueOf(invoices, 'F1'))).toBe('KA00000049');
    expect(numberOf(await issueOf(invoices, 'F2'))).toBe('KB00000000');
    const listed = await tracks.list('202607');
    expect(listed.ok && listed.tracks.map((t) => [t.prefix, t.state, t.left])).toEqual([
      ['KA', 'paused', 0],
      ['KB', 'enabled', 49],
    ]);
    // pausing the enabled track leaves the period none: no number
    await tracks.setState({ ref: second.track.ref, period: '202607', state: 'paused' });
    expect(await issueOf(invoices, 'F3')).toMatchObject({ ok: false, code: 'INV90006', noNumber: true });
    // a disabled track never comes back
    await tracks.setState({ ref: second.track.ref, period: '202607', state: 'disabled' });
    expect(
      await tracks.setState({ ref: second.track.ref, period: '202607', state: 'enabled' }),
    ).toMatchObject({
      ok: false,
      code: 'INM10005',
    });
    expect(await tracks.list('202609')).toEqual({ ok: true, tracks: [] });
    await a.close();
  });

  it('demo mode keeps the registered tracks and where each stands across restarts (DATA_DIR)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezpay-sim-'));
    try {
      const one = await ownSimulator(loadEzPaySimState(dir));
      expect((await one.tracks.register({ period: '202607', prefix: 'DM', start: 0, end: 49 })).ok).toBe(
        true,
      );
      expect(numberOf(await issueOf(one.invoices, 'R1'))).toBe('DM00000000');
      await one.a.close();
      const two = await ownSimulator(loadEzPaySimState(dir));
      expect(numberOf(await issueOf(two.invoices, 'R2'))).toBe('DM00000001');
      await two.a.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
