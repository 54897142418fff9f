import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { TAPPAY_TEST_CARDS } from '../../providers/payments/tappay/tappay.simulator';
import type { Buyer } from '../order/order.fixtures';
import { entrySum } from '../wallet';

// A wallet top-up by TapPay card, through the demo TapPay simulator in this app: the card form's prime
// (from the simulator's stand-in for the web SDK), pay by prime, the 3-D Secure page, the backend notify.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAY_RECONCILE_SECONDS: '0' }, seed: false });
});
afterAll(async () => t.close());

async function primeFor(card: string) {
  const info = t.ctx.providers.payments.tappay!.clientInfo!();
  const res = await t.app.inject({
    method: 'POST',
    url: '/dev/sim/tappay/tpc/prime',
    payload: {
      app_id: info.app_id,
      app_key: info.app_key,
      card: { number: card, expiry: '1230', ccv: '123' },
    },
  });
  expect(res.json().status).toBe(0);
  return String(res.json().card.prime);
}
const recharge = (buyer: Buyer, body: Record<string, unknown>) =>
  call(t.app, 'POST', 'app/user/wallet/recharge', { token: buyer.token, body });
const balance = async (buyer: Buyer) =>
  (await call(t.app, 'GET', 'app/user/wallet/get', { token: buyer.token })).data.balance as number;
const topupStatus = async (buyer: Buyer, topupId: number) =>
  (
    await call(t.app, 'GET', 'app/user/wallet/rechargeStatus', {
      token: buyer.token,
      query: { topupId: String(topupId) },
    })
  ).data;
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('wallet top-up by TapPay card', () => {
  it('3-D Secure card: nothing is credited until TapPay notifies the verified payment, then once', async () => {
    const buyer = await createUser(t.ctx);
    const res = await recharge(buyer, {
      amount: 30_000,
      payWay: 'tappay',
      prime: await primeFor(TAPPAY_TEST_CARDS.threeDS),
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start.kind).toBe('redirect');
    expect(await balance(buyer)).toBe(0);
    expect(await topupStatus(buyer, res.data.topupId)).toMatchObject({ status: 'pending' });

    const page = new URL(res.data.start.url as string);
    const verified = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    expect(verified.statusCode).toBe(302);
    // the browser comes back to the recharge page, which proves nothing and waits for the credit
    expect(String(verified.headers.location)).toMatch(
      new RegExp(`/pages/wallet/recharge\\?topupId=${res.data.topupId}&`),
    );
    await until(async () => (await topupStatus(buyer, res.data.topupId)).status === 'paid');
    expect(await balance(buyer)).toBe(30_000);
    expect(await entrySum(t.ctx.db, 'wallet', buyer.id)).toBe(30_000);
    // the job runner's next pass (retries, reconciliation) credits nothing twice
    await t.ctx.jobs.tick();
    expect(await balance(buyer)).toBe(30_000);
  });

  it('card without 3-D Secure: TapPay answers paid at once and the wallet is credited once', async () => {
    const buyer = await createUser(t.ctx);
    const res = await recharge(buyer, {
      amount: 12_500,
      payWay: 'tappay',
      prime: await primeFor(TAPPAY_TEST_CARDS.success),
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.start).toMatchObject({ kind: 'done', outcome: { state: 'paid', amount: 12_500 } });
    expect(await topupStatus(buyer, res.data.topupId)).toMatchObject({ status: 'paid', amount: 12_500 });
    expect(await balance(buyer)).toBe(12_500);
  });

  it('a declined card credits nothing; a top-up by TapPay without a prime is refused clearly', async () => {
    const buyer = await createUser(t.ctx);
    const declined = await recharge(buyer, {
      amount: 5_000,
      payWay: 'tappay',
      prime: await primeFor(TAPPAY_TEST_CARDS.decline),
    });
    expect(declined.code, declined.message).toBe(1000);
    expect(declined.data.start).toMatchObject({ kind: 'done', outcome: { state: 'failed' } });
    expect(await balance(buyer)).toBe(0);
    const noPrime = await recharge(buyer, { amount: 5_000, payWay: 'tappay' });
    expect(noPrime.code).not.toBe(1000);
    expect(noPrime.status).toBeLessThan(500);
    expect(noPrime.message).toMatch(/prime/i);
  });
});
