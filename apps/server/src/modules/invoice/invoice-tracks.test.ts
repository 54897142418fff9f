import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, defined, type TestApp } from '../../test/harness';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { createEzPaySimState, type EzPaySimState } from '../../providers/invoice/ezpay.simulator';
import type { HttpClient } from '../../providers/payments/channel';
import { createInvoiceTestApp, paidInvoiceOrder, simTrackClient, TEST_MEMBER } from './invoice.fixtures';
import { periodOf } from './invoice.tracks';

/**
 * Number tracks registered with ezPay through its number track API (issue 28, tracks): on load, the way
 * ezPay's flag rules make it (the period's first enabled, later ones paused), a refusal and an unreachable
 * ezPay shown with the reason and retried, a period whose track ezPay does not have making invoices wait
 * (INV90006), and the shop without the member's credentials (tracks registered by hand). The simulator
 * numbers only from tracks registered through its API. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
const SHOP = {
  merchantId: '31234570',
  hashKey: 'testEzPayInvoiceHashKey000000002',
  hashIV: 'testEzPayInvIV02',
};
type Track = { id: number; registration: string; registrationError: string | null; [k: string]: unknown };

/** One test app with its simulator, an operator, and the calls its tests make. */
async function rig(opts: { byHand?: boolean } = {}) {
  const sim: EzPaySimState = createEzPaySimState();
  const t: TestApp & { http: HttpClient } = await createInvoiceTestApp(sim, SHOP, {}, opts);
  const ops = await createOperator(t.ctx, 'finance');
  // the demo seed's tracks (and their registration jobs, never run here) make way for the tests' own
  await t.ctx.db.deleteFrom('invoice_track').execute();
  const load = async (
    body: { period: string; prefix: string; start: number; end: number },
    language = 'en',
  ) => call(t.app, 'POST', 'admin/invoice/track/add', { token: ops.token, body, language });
  const list = async (language = 'en') =>
    (await call(t.app, 'GET', 'admin/invoice/track/list', { token: ops.token, language })).data as {
      list: Track[];
      autoRegister: boolean;
    };
  const track = async (id: number, language = 'en') =>
    defined((await list(language)).list.find((r) => r.id === id));
  const register = (id: number, language = 'en') =>
    call(t.app, 'POST', 'admin/invoice/track/register', { token: ops.token, body: { id }, language });
  /** A paid order whose invoice job ran once: its invoice id. */
  const paidInvoice = async () => (await paidInvoiceOrder(t)).invoiceId;
  const invoice = (id: number) =>
    t.ctx.db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const problem = async (invoiceId: number, language = 'en') =>
    (await call(t.app, 'GET', 'admin/invoice/info/problems', { token: ops.token, language })).data.list.find(
      (p: { id: number; kind: string }) => p.id === invoiceId && p.kind === 'invoice',
    );
  const retryInvoice = (id: number) =>
    call(t.app, 'POST', 'admin/invoice/info/retry', { token: ops.token, body: { id } });
  const sent = (path: string) => sim.requests.filter((r) => r.path === path).map((r) => r.fields);
  return { sim, t, load, list, track, register, paidInvoice, invoice, problem, retryInvoice, sent };
}

const period = periodOf(Date.now());
/** The two-month period after this one. */
const nextPeriod = () => {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  return m === 11 ? `${y + 1}01` : `${y}${String(m + 2).padStart(2, '0')}`;
};
const CREATE = '/Api_number_management/createNumber';
const MANAGE = '/Api_number_management/manageNumber';
const SEARCH = '/Api_number_management/searchNumber';

describe('with ezPay member credentials: loaded tracks are registered through the API', () => {
  let r: Awaited<ReturnType<typeof rig>>;
  beforeAll(async () => {
    r = await rig();
  });
  afterAll(async () => r.t.close());

  it('a period whose track ezPay does not have: its invoices wait (INV90006), told why, until it is registered', async () => {
    // ezPay refuses the registration: the track is loaded here, never at ezPay
    r.sim.switches.refuseNext = 'MOD10001';
    const loaded = await r.load({ period, prefix: 'CC', start: 0, end: 49 });
    expect(loaded.code, loaded.message).toBe(1000);
    expect(loaded.data).toMatchObject({ registration: 'failed', managementNo: null });
    const id = await r.paidInvoice();
    // the register has room, ezPay has no number: the invoice waits, it is not rejected
    expect(await r.invoice(id)).toMatchObject({
      state: 'pending',
      number: null,
      last_error: 'INVOICE_TRACK_UNREGISTERED',
    });
    expect((await r.problem(id))?.lastError).toBe(
      `The number tracks of ${period} are not registered with ezPay yet: register them (Number tracks, Register again)`,
    );
    expect((await r.problem(id, 'zh-Hant'))?.lastError).toBe(
      `${period} 的字軌尚未在 ezPay 登錄：請登錄（字軌，重新登錄）`,
    );
    // registered, then the invoice retried: numbered from that track
    const again = await r.register(Number(loaded.data.id));
    expect(again.code, again.message).toBe(1000);
    expect(again.data).toMatchObject({ registration: 'registered', providerState: 'enabled' });
    expect((await r.retryInvoice(id)).code).toBe(1000);
    expect(await r.invoice(id)).toMatchObject({ state: 'issued', number: 'CC00000000', last_error: null });
  });

  it('registers on load: createNumber as the member, ManagementNo and flag kept and listed', async () => {
    const before = r.sent(CREATE).length;
    const res = await r.load({ period, prefix: 'AA', start: 100, end: 199 });
    expect(res.code, res.message).toBe(1000);
    const created = defined(r.sent(CREATE)[before]);
    expect(created).toMatchObject({
      Version: '1.0',
      AphabeticLetter: 'AA',
      StartNumber: '00000100',
      EndNumber: '00000199',
      Type: '07',
      Term: String((Number(period.slice(4, 6)) + 1) / 2),
      Year: String(Number(period.slice(0, 4)) - 1911),
    });
    // CC is the period's enabled track at ezPay: AA waits there, paused, and the shop leaves it so
    const listed = await r.track(Number(res.data.id));
    expect(listed).toMatchObject({
      registration: 'registered',
      registrationError: null,
      providerState: 'paused',
    });
    expect(listed.managementNo).toMatch(/^[0-9a-z]{10}$/);
    const simTrack = defined(r.sim.tracks.get(String(listed.managementNo)));
    expect([simTrack.prefix, simTrack.start, simTrack.end, simTrack.flag]).toEqual(['AA', 100, 199, '0']);
    expect((await r.list()).autoRegister).toBe(true);
  });

  it("enables a track whose period has no enabled one at ezPay (ezPay pauses every track but the member's first)", async () => {
    const manages = r.sent(MANAGE).length;
    const res = await r.load({ period: nextPeriod(), prefix: 'EE', start: 0, end: 49 });
    expect(res.data).toMatchObject({ registration: 'registered', providerState: 'enabled' });
    expect(r.sent(MANAGE).slice(manages)).toEqual([
      expect.objectContaining({ ManagementNo: res.data.managementNo, Flag: '1' }),
    ]);
  });

  it('a refusal: loaded, unregistered with ezPay’s reason, registered by a retry', async () => {
    r.sim.switches.refuseNext = 'INM10002';
    const res = await r.load({ period: nextPeriod(), prefix: 'FF', start: 0, end: 49 });
    expect(res.code, res.message).toBe(1000);
    const id = Number(res.data.id);
    expect(await r.track(id)).toMatchObject({
      registration: 'failed',
      registrationError: 'INM10002: refused by the simulator switch',
      managementNo: null,
    });
    const again = await r.register(id);
    expect(again.data).toMatchObject({ registration: 'registered', registrationError: null });
    // registered once: a retry of a registered track changes nothing at ezPay
    const creates = r.sent(CREATE).length;
    expect((await r.register(id)).data.registration).toBe('registered');
    expect(r.sent(CREATE)).toHaveLength(creates);
  });

  it('ezPay refuses a track of a year it no longer takes (INM10003): kept loaded, marked with the reason', async () => {
    const res = await r.load({ period: '202001', prefix: 'QQ', start: 0, end: 99 });
    expect(res.code, res.message).toBe(1000);
    expect(res.data).toMatchObject({ registration: 'failed', registrationError: 'INM10003: 字軌期別錯誤' });
  });

  it('ezPay out of reach: failed with the reason in the operator language, and the job tries again by itself', async () => {
    r.sim.switches.failNext = 1;
    const res = await r.load({ period: nextPeriod(), prefix: 'GG', start: 0, end: 49 }, 'zh-Hant');
    const id = Number(res.data.id);
    expect(res.data.registration).toBe('failed');
    expect(res.data.registrationError).toBe(
      `無法連線 ezPay（ezPay ${SEARCH}: HTTP 503）：會自動重試，也可重新登錄`,
    );
    const job = await r.t.ctx.db
      .selectFrom('job')
      .select(['id', 'state'])
      .where('kind', '=', 'invoice.track.register')
      .where('payload', '=', JSON.stringify({ trackId: id }))
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    await r.t.ctx.jobs.runJob(Number(job.id), Date.now() + 60_000);
    expect(await r.track(id)).toMatchObject({ registration: 'registered', registrationError: null });
  });

  it('a track ezPay already has (a lost answer, or registered on its site) is taken, not registered twice', async () => {
    const onSite = await simTrackClient(r.t.http).register({
      period: nextPeriod(),
      prefix: 'HH',
      start: 0,
      end: 49,
    });
    if (!onSite.ok) throw new Error(onSite.message);
    const creates = r.sent(CREATE).length;
    const res = await r.load({ period: nextPeriod(), prefix: 'HH', start: 0, end: 49 });
    expect(res.data).toMatchObject({ registration: 'registered', managementNo: onSite.track.ref });
    expect(r.sent(CREATE)).toHaveLength(creates);
  });

  it('refuses a retry of a track that does not exist, in the operator language', async () => {
    const res = await r.register(999_999, 'es');
    expect(res.code).not.toBe(1000);
    expect(res.message).toBe('Serie de números no encontrada');
  });
});

describe('without ezPay member credentials: tracks are registered by hand', () => {
  let r: Awaited<ReturnType<typeof rig>>;
  beforeAll(async () => {
    r = await rig({ byHand: true });
  });
  afterAll(async () => r.t.close());

  it('loads a track as manual; ezPay numbers nothing until it is registered on its site', async () => {
    expect((await r.list()).autoRegister).toBe(false);
    const res = await r.load({ period, prefix: 'DD', start: 0, end: 49 });
    expect(res.data).toMatchObject({ registration: 'manual', managementNo: null, providerState: null });
    expect(r.sent(SEARCH).concat(r.sent(CREATE))).toEqual([]);
    const id = await r.paidInvoice();
    expect(await r.invoice(id)).toMatchObject({ state: 'pending', last_error: 'INVOICE_TRACK_EXHAUSTED' });
    const retry = await r.register(Number(res.data.id), 'fr');
    expect(retry.message).toBe(
      "Les séries ne sont pas enregistrées auprès d'ezPay d'ici (EZPAY_MEMBER_* n'est pas configuré) : enregistrez cette série à la main sur le site d'ezPay",
    );
    // the operator registers it on ezPay's site (its own API, as its member)
    const onSite = await simTrackClient(r.t.http, TEST_MEMBER).register({
      period,
      prefix: 'DD',
      start: 0,
      end: 49,
    });
    expect(onSite.ok).toBe(true);
    expect((await r.retryInvoice(id)).code).toBe(1000);
    expect((await r.invoice(id)).number).toBe('DD00000000');
  });
});
