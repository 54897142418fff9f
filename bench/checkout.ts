/**
 * The 7-call checkout of one buyer, sequential, over HTTP from outside the shop's process: cart add, cart
 * list, address add, quote, create, wallet pay, order info. `npm run bench` reports its median and p90 in ms
 * (issue 10 compares the median with 306 ms on Vendure 3.7 + PostgreSQL; the aim is under 15 ms on SQLite).
 * `npm run bench:checkout` runs only this part. Settings: BENCH_CHECKOUTS (default 200), BENCH_WARMUP (20).
 */
import type { Db } from '../apps/server/src/platform/db';
import type { Call } from './http';

const RUNS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);

export type CheckoutFigures = { runs: number; medianMs: number; p90Ms: number; minMs: number; maxMs: number };

/** `buyer` holds a wallet credit for every run; `specId` a virtual plan payable by wallet with stock to spare. */
export async function measureCheckout(
  call: Call,
  db: Db,
  buyer: string,
  specId: number,
): Promise<CheckoutFigures> {
  const checkout = async () => {
    const t0 = performance.now();
    await call('POST', 'app/user/cart/add', buyer, { specId, quantity: 1 });
    await call('GET', 'app/user/cart/list', buyer);
    const address = await call<{ id: number }>('POST', 'app/user/address/add', buyer, {
      contact: 'Ann Buyer',
      phone: '+14155550123',
      country: 'US',
      region: 'CA',
      detail: '1 Market St',
    });
    await call('POST', 'app/order/info/quote', buyer, { addressId: address.id });
    const order = await call<{ id: number }>('POST', 'app/order/info/create', buyer, {
      addressId: address.id,
      payWay: 'wallet',
    });
    const paid = await call<{ paid: boolean }>('POST', 'app/order/pay/walletPay', buyer, {
      orderId: order.id,
    });
    if (!paid.paid) throw new Error('wallet pay did not pay');
    await call('GET', `app/order/info/info?id=${order.id}`, buyer);
    const ms = performance.now() - t0;
    // untimed: drop the address so the per-user address cap never stops the runs
    await db.deleteFrom('address').where('id', '=', address.id).execute();
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await checkout();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await checkout());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { runs: RUNS, medianMs: at(0.5), p90Ms: at(0.9), minMs: times[0]!, maxMs: times.at(-1)! };
}

/** Wallet credit the checkout buyer needs: every run plus the warm-up, at `price` each. */
export const checkoutCredit = (price: number) => price * (RUNS + WARMUP + 5);
