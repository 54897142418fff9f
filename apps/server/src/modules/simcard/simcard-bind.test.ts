import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_BIND_MAX_ATTEMPTS } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../payment/payment.fixtures';
import { simIccid } from '../../providers/plan-partner/plan-partner.simulator';
import { addressOf, buyNow, payOrder, physicalGoods, type Buyer } from '../order/order.fixtures';
import { drainJobs, orderAndAttempt, partnerGoods, partnerRig, type PartnerRig } from './simcard.fixtures';
import { openActivation } from './simcard.crypto';
import { findCard } from './simcard.repository';

// Issue 25 defect 11: an ICCID is bound only by the buyer the shop sold it to, and a delivered eSIM is never
// dropped because someone else holds its ICCID.

let t: TestApp;
let rig: PartnerRig;
let wechat: FakeChannel;
let admin: string;
beforeAll(async () => {
  rig = await partnerRig();
  wechat = fakeChannel('wechat');
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PARTNER_SYNC_MINUTES: '0', SIM_USAGE_REFRESH_MINUTES: '0' },
    providers: { payments: { wechat: wechat.ch }, planPartner: rig.partner },
  });
  rig.bind(() => t);
  admin = (
    await call(t.app, 'POST', 'admin/base/open/login', {
      body: { username: 'admin', password: 'admin123456' },
    })
  ).data.token as string;
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

let probes = 0;
/** The ICCID the partner will issue next (it issues them in sequence): what a squatter would guess. */
async function nextIccid() {
  const probe = await rig.partner.createOrder({
    reference: `probe-${++probes}`,
    commodityCode: 'JP-5GB-7D',
    quantity: 1,
    callbackUrl: 'https://shop.example/none',
  });
  const last = probe.sims[0]!.iccid;
  const serial = Number(last.slice(7, last.length - 1));
  return simIccid(serial + 1, (serial + 1) % 4 === 3 ? 19 : 20);
}

const bind = (token: string, body: Record<string, unknown>, language = 'en') =>
  call(t.app, 'POST', 'app/simcard/iccid/bind', { token, body, language });
const usage = (token: string, iccid: string) =>
  call(t.app, 'POST', 'app/billion/api/plan/usage', { token, body: { iccid } });
const issue = (body: Record<string, unknown>) =>
  call(t.app, 'POST', 'admin/simcard/physical/issue', { token: admin, body });

/** Pays an eSIM order of the buyer's and runs its delivery; the order id. */
async function buyEsim(buyer: Buyer) {
  const g = await partnerGoods(t, 'JP-5GB-7D');
  const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
  expect((await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000))).statusCode).toBe(
    204,
  );
  await drainJobs(t);
  return id;
}

/** A paid physical-SIM order of the buyer's (it ships); the order id. */
async function paidPhysicalOrder(buyer: Buyer) {
  const sim = await physicalGoods(t, { stock: 10 });
  const res = await buyNow(t, buyer, sim.specIds[0]!, { addressId: await addressOf(t, buyer) });
  expect(res.code, res.message).toBe(1000);
  expect(await payOrder(t, res.data.id)).toBe(true);
  return res.data.id as number;
}

describe('binding an ICCID', () => {
  it("refuses the next buyer's eSIM ICCID before delivery, in the user's language; the buyer gets it", async () => {
    const squatter = await createUser(t.ctx);
    const victim = await createUser(t.ctx);
    const next = await nextIccid();
    const en = await bind(squatter.token, { iccid: next });
    expect(en.code).toBe(7212);
    expect(en.message).toContain('not sold to you');
    const zh = await bind(squatter.token, { iccid: next }, 'zh-Hans');
    expect(zh.code).toBe(7212);
    expect(zh.message).toContain('绑定码');
    const fr = await bind(squatter.token, { iccid: next, bindCode: 'ABCD2345' }, 'fr');
    expect(fr.code).toBe(7212);
    expect(fr.message).toContain('pas été vendue');

    await buyEsim(victim);
    const card = await findCard(t.ctx.db, next);
    expect(Number(card?.user_id)).toBe(victim.id);
    expect((await usage(victim.token, next)).code).toBe(1000);
    const peek = await usage(squatter.token, next);
    expect(peek.code).not.toBe(1000);
    expect(JSON.stringify(peek)).not.toContain('dataLeftBytes');
    expect((await bind(squatter.token, { iccid: next })).code).toBe(7201);
  });

  it('a card shipped with the buyer’s paid order binds by ICCID alone, only by that buyer', async () => {
    const buyer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const orderId = await paidPhysicalOrder(buyer);
    const iccid = simIccid(900_001, 19);
    const res = await issue({ iccids: [iccid], orderId });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.cards[0].bindCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    // the operator cannot enter it twice, a buyer cannot enter cards at all
    expect((await issue({ iccids: [iccid] })).code).toBe(7215);
    const asBuyer = await call(t.app, 'POST', 'admin/simcard/physical/issue', {
      token: buyer.token,
      body: { iccids: [simIccid(900_002, 19)] },
    });
    expect(asBuyer.status).not.toBe(200);
    expect((await bind(other.token, { iccid })).code).toBe(7212);
    const bound = await bind(buyer.token, { iccid });
    expect(bound.code, bound.message).toBe(1000);
    expect(bound.data).toMatchObject({ iccid, kind: 'physical' });
    // the printed code is spent: nobody else binds it with the code now
    expect((await bind(other.token, { iccid, bindCode: res.data.cards[0].bindCode })).code).toBe(7201);
  });

  it('a card sold over the counter binds with its printed code: attempts counted first, then locked; used once', async () => {
    const guesser = await createUser(t.ctx);
    const owner = await createUser(t.ctx);
    const late = await createUser(t.ctx);
    const [a, b] = [simIccid(900_012, 19), simIccid(900_013, 19)];
    const res = await issue({ iccids: [a, b] });
    expect(res.code, res.message).toBe(1000);
    const codes = Object.fromEntries(
      (res.data.cards as { iccid: string; bindCode: string }[]).map((c) => [c.iccid, c.bindCode]),
    );
    const stored = await t.ctx.db.selectFrom('sim_card_issue').selectAll().where('iccid', '=', a).execute();
    expect(JSON.stringify(stored)).not.toContain(codes[a]);
    // wrong guesses in parallel still stop at the cap, and then the right code is refused too
    const guesses = await Promise.all(
      Array.from({ length: SIM_BIND_MAX_ATTEMPTS + 3 }, (_, i) =>
        bind(guesser.token, { iccid: a, bindCode: `WRONG${i}` }),
      ),
    );
    expect(guesses.filter((g) => g.code === 7213).length).toBeLessThan(SIM_BIND_MAX_ATTEMPTS);
    expect(guesses.every((g) => g.code === 7213 || g.code === 7214)).toBe(true);
    const row = await t.ctx.db
      .selectFrom('sim_card_issue')
      .select('bind_attempts')
      .where('iccid', '=', a)
      .executeTakeFirstOrThrow();
    expect(Number(row.bind_attempts)).toBe(SIM_BIND_MAX_ATTEMPTS);
    const locked = await bind(guesser.token, { iccid: a, bindCode: codes[a] }, 'es');
    expect(locked.code).toBe(7214);
    expect(locked.message).toContain('atención al cliente');
    expect(await findCard(t.ctx.db, a)).toBeUndefined();

    const wrong = await bind(owner.token, { iccid: b, bindCode: 'ZZZZ2222' });
    expect(wrong.code).toBe(7213);
    expect(wrong.message).toContain(`${SIM_BIND_MAX_ATTEMPTS - 1} attempts left`);
    const ok = await bind(owner.token, { iccid: b, bindCode: codes[b]!.toLowerCase() });
    expect(ok.code, ok.message).toBe(1000);
    expect((await bind(late.token, { iccid: b, bindCode: codes[b] })).code).toBe(7201);
    expect((await bind(owner.token, { iccid: b })).code).toBe(1000);
  });
});

describe('a delivered ICCID someone else holds', () => {
  it('leaves the line stuck with the codes kept, shown to operators; nobody sees anyone else’s card', async () => {
    const holder = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    const next = await nextIccid();
    // a card already held under that ICCID (an earlier squat, or the partner issuing a number twice)
    const at = Date.now();
    await t.ctx.db
      .insertInto('sim_card')
      .values({
        iccid: next,
        user_id: holder.id,
        kind: 'physical',
        commodity_code: null,
        plan_name: 'SIM card',
        countries: '[]',
        order_id: null,
        order_line_id: null,
        activation_enc: null,
        status: 'not_installed',
        total_bytes: null,
        used_bytes: 0,
        usage_as_of: null,
        valid_from: null,
        valid_until: null,
        alert_mb: null,
        alert_fired: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const id = await buyEsim(buyer);

    const order = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(order.data.delivery).toBe('stuck');
    const line = await t.ctx.db
      .selectFrom('sim_delivery')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(line.state).toBe('stuck');
    expect(line.last_error).toContain(next);
    // the partner's codes are kept, encrypted as a card's would be
    const held = JSON.parse(line.held_sims!) as { iccid: string; activationEnc: string }[];
    expect(held.map((h) => h.iccid)).toEqual([next]);
    const partnerSim = rig.sim.state.sims.get(next)!;
    expect(held[0]!.activationEnc).not.toContain(partnerSim.wire.matching_id);
    expect(openActivation(t.config.secret, next, held[0]!.activationEnc)?.activationCode).toBe(
      partnerSim.wire.activation_code,
    );
    // the holder keeps their card, the buyer is shown no one else's
    expect(Number((await findCard(t.ctx.db, next))!.user_id)).toBe(holder.id);
    expect((await usage(buyer.token, next)).code).not.toBe(1000);
    const list = await call(t.app, 'GET', 'app/simcard/iccid/list', { token: buyer.token });
    expect(list.data.items).toHaveLength(0);
    // operators see it among the stuck deliveries, with the reason and the kept card, and on the dashboard
    const page = await call(t.app, 'POST', 'admin/simcard/delivery/page', {
      token: admin,
      body: { state: 'stuck' },
    });
    expect(page.code, page.message).toBe(1000);
    const stuck = page.data.list.find((d: { orderId: number }) => d.orderId === id);
    expect(stuck).toMatchObject({ state: 'stuck', heldIccids: [next] });
    expect(stuck.lastError).toContain('ICCID conflict');
    const dash = await call(t.app, 'GET', 'admin/dashboard/summary', { token: admin });
    expect(dash.data.deliveryFailures).toBeGreaterThanOrEqual(1);
    // a retry meets the same conflict: still stuck, still kept, never dropped
    const retried = await call(t.app, 'POST', 'admin/simcard/delivery/retry', {
      token: admin,
      body: { id: stuck.id },
    });
    expect(retried.code, retried.message).toBe(1000);
    expect(retried.data).toMatchObject({ state: 'stuck', heldIccids: [next] });
  });

  it('a bind racing the delivery never leaves the card with the wrong owner (40 rounds on PostgreSQL)', async () => {
    const rounds = t.ctx.engine === 'postgres' ? 40 : 8;
    const squatter = await createUser(t.ctx);
    for (let round = 0; round < rounds; round++) {
      const buyer = await createUser(t.ctx);
      const next = await nextIccid();
      const [, ...binds] = await Promise.all([
        buyEsim(buyer),
        bind(squatter.token, { iccid: next }),
        bind(squatter.token, { iccid: next, bindCode: 'AAAA2222' }),
        new Promise((r) => setTimeout(r, round % 5)).then(() => bind(squatter.token, { iccid: next })),
      ]);
      for (const b of binds) expect([7212, 7201]).toContain(b.code);
      const card = await findCard(t.ctx.db, next);
      expect(Number(card?.user_id), `round ${round}`).toBe(buyer.id);
      expect((await usage(squatter.token, next)).code).not.toBe(1000);
    }
  });
});
