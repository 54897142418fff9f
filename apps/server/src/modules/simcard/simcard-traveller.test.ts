import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, SIM_REFRESH_ACCOUNT_MAX } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { fakeChannel, paidBody, postCallback } from '../payment/payment.fixtures';
import type { Buyer } from '../order/order.fixtures';
import { syncCatalogue } from './simcard-sync.service';
import { drainJobs, orderAndAttempt, partnerGoods, partnerRig, type PartnerRig } from './simcard.fixtures';

// The traveller's cards (issue 27): a name per card (owner only), "Refresh now" rate-limited per card and
// per account (raced), and validity that starts when the partner's clock started, not at the first reading.

let t: TestApp;
let rig: PartnerRig;
let specId: number;
let partnerCalls = 0;
beforeAll(async () => {
  rig = await partnerRig();
  const counted = {
    ...rig.partner,
    usage: (iccid: string) => {
      partnerCalls += 1;
      return rig.partner.usage(iccid);
    },
  };
  t = await createTestApp({
    providers: { payments: { wechat: fakeChannel('wechat').ch }, planPartner: counted },
  });
  rig.bind(() => t);
  await syncCatalogue(t.ctx);
  specId = (await partnerGoods(t, 'JP-5GB-7D')).specIds[0]!;
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

/** A buyer's eSIMs, delivered: `cards` orders of one. */
async function esims(buyer: Buyer, cards = 1) {
  const iccids: string[] = [];
  for (let i = 0; i < cards; i++) {
    const { id, attemptNo } = await orderAndAttempt(t, buyer, specId);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    await drainJobs(t);
    const rows = await t.ctx.db.selectFrom('sim_card').select('iccid').where('order_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    iccids.push(rows[0]!.iccid);
  }
  return iccids;
}
const post = (buyer: Buyer, path: string, body: unknown, language = 'en') =>
  call(t.app, 'POST', `app/simcard/iccid/${path}`, { token: buyer.token, body, language });

describe('a name per card', () => {
  it('the owner names a card, sees it in the list, clears it; nobody else can; too long is refused', async () => {
    const buyer = await createUser(t.ctx);
    const [iccid] = await esims(buyer);
    const named = await post(buyer, 'label', { iccid, label: "  Mum's phone " });
    expect(named.code, named.message).toBe(1000);
    expect(named.data).toEqual({ iccid, label: "Mum's phone" });
    const list = await call(t.app, 'GET', 'app/simcard/iccid/list', { token: buyer.token });
    expect(list.data.items[0]).toMatchObject({ iccid, label: "Mum's phone" });
    const other = await createUser(t.ctx);
    const stolen = await post(other, 'label', { iccid, label: 'mine' });
    expect(stolen.code).toBe(ErrorCode.SIM_CARD_NOT_FOUND);
    const long = await post(buyer, 'label', { iccid, label: 'x'.repeat(31) }, 'fr');
    expect(long.code).toBe(ErrorCode.VALIDATION);
    expect(long.message).toContain('Nom de la carte');
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .select('label')
      .where('iccid', '=', iccid!)
      .executeTakeFirst();
    expect(card?.label).toBe("Mum's phone");
    const cleared = await post(buyer, 'label', { iccid, label: '' });
    expect(cleared.data.label).toBeNull();
  });
});

describe('refresh now', () => {
  it("reads the partner now, once per card a minute; validity starts at the partner's activation", async () => {
    const buyer = await createUser(t.ctx);
    const [iccid] = await esims(buyer);
    // the traveller installed it three hours ago and the clock started at first attach, 2 h ago
    const sim = (rig.sim.state.sims as Map<string, { installedAt: number; activeAt: number }>).get(iccid!)!;
    sim.installedAt = Date.now() - 3 * 3_600_000;
    sim.activeAt = Date.now() - 2 * 3_600_000;
    const before = partnerCalls;
    const res = await post(buyer, 'refresh', { iccid });
    expect(res.code, res.message).toBe(1000);
    expect(partnerCalls).toBe(before + 1);
    expect(res.data.status).toBe('active');
    expect(Date.parse(res.data.validFrom)).toBe(sim.activeAt);
    expect(Date.parse(res.data.validUntil)).toBe(sim.activeAt + 7 * 86_400_000);
    // the plan says its rule, and where its clock runs: Japan keeps one
    expect(res.data.validityRule).toEqual({ days: 7, start: 'first_attach' });
    expect(res.data.destinationTimeZone).toBe('Asia/Tokyo');
    expect(Math.abs(Date.parse(res.data.usageAsOf) - Date.now())).toBeLessThan(60_000);
    const again = await post(buyer, 'refresh', { iccid }, 'zh-Hant');
    expect(again.code).toBe(ErrorCode.SIM_REFRESH_TOO_SOON);
    expect(again.message).toMatch(/請 \d+ 秒後再試/);
    expect(partnerCalls).toBe(before + 1);
  });

  it('two taps at once make one partner call', async () => {
    const buyer = await createUser(t.ctx);
    const [iccid] = await esims(buyer);
    const before = partnerCalls;
    const both = await Promise.all([post(buyer, 'refresh', { iccid }), post(buyer, 'refresh', { iccid })]);
    expect(both.map((r) => r.code).sort()).toEqual([1000, ErrorCode.SIM_REFRESH_TOO_SOON].sort());
    expect(partnerCalls).toBe(before + 1);
  });

  it('an account reads a few cards a minute at most; a card not the caller’s is not found', async () => {
    const buyer = await createUser(t.ctx);
    const cards = await esims(buyer, SIM_REFRESH_ACCOUNT_MAX + 1);
    const answers = await Promise.all(cards.map((iccid) => post(buyer, 'refresh', { iccid })));
    expect(answers.filter((a) => a.code === 1000)).toHaveLength(SIM_REFRESH_ACCOUNT_MAX);
    expect(answers.filter((a) => a.code === ErrorCode.SIM_REFRESH_TOO_SOON)).toHaveLength(1);
    const other = await createUser(t.ctx);
    expect((await post(other, 'refresh', { iccid: cards[0] })).code).toBe(ErrorCode.SIM_CARD_NOT_FOUND);
  });
});
