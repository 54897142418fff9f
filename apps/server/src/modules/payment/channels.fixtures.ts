import { expect } from 'vitest';
import type { ChannelCode } from '../../providers/payments/channel';
import { createTestApp, type TestApp } from '../../test/harness';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, type Buyer } from '../order/order.fixtures';

/**
 * What the suites that pay through the demo simulators share (channels-simulated, pay-local): their app (every
 * simulator mounted, no sweep or reconciliation of its own to race the test) and the moves a buyer makes.
 */
export const simulatedChannelsApp = () =>
  createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' }, seed: false });

/** A form post as a provider's cashier page sends it. */
export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** Waits for what a simulator's notification makes true, or fails naming it. */
export async function until(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Helpers over the suite's app (`app()` once beforeAll made it). */
export function simulatedChannels(app: () => TestApp) {
  return {
    /** The path and query of an absolute URL of this app, for inject. */
    pathOf(url: string) {
      const u = new URL(url, app().config.publicUrl);
      return `${u.pathname}${u.search}`;
    },
    /** An order of a fresh plan payable only by `code`, bought now by `buyer`; its id. */
    async order(buyer: Buyer, code: ChannelCode) {
      const t = app();
      const g = await goodsFixture(t.ctx, { specs: [{ price: 12_900, stock: 10 }], payWays: [code] });
      const res = await buyNow(t, buyer, g.specIds[0]!, { payWay: code });
      expect(res.code, res.message).toBe(1000);
      return res.data.id as number;
    },
  };
}
