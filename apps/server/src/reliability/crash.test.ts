import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppContext } from '../context';
import { goodsFixture } from '../modules/cart/cart.fixtures';
import { postEntry } from '../modules/wallet/wallet.fixtures';
import type { DbHandle } from '../platform/db';
import { createTokenService } from '../platform/tokens';
import { createUser } from '../test/fixtures';
import { serverHome, stopProcess, type ServerHome } from '../test/server-process';
import { reportFigure } from '../test/figures';

/**
 * The server killed with SIGKILL in the middle of a checkout-and-pay load, then started again on the same
 * database: every order and payment it acknowledged is there and consistent, and no stock or money was
 * made or lost. The server is the real entry (src/main.ts) in its own process; buyers order one unit and
 * pay it from their wallet in a loop; invariants are read straight from the database afterwards.
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const BUYERS = 8;
const INITIAL_STOCK = 5_000;
const PRICE = 1_000;
const BALANCE = 1_000_000;

let home: ServerHome;
let server: ChildProcess | undefined;
let dbh: DbHandle;

const startServer = () =>
  home.start(['--import', 'tsx', 'src/main.ts'], { RATE_LIMIT_MAX: '1000000', ORDER_MAX_UNPAID: '1000000' });
const kill = (child: ChildProcess) => stopProcess(child, 'SIGKILL');

beforeAll(async () => {
  home = await serverHome('crash', inject('simKeysDir'));
  server = await startServer();
  dbh = home.db();
}, 60_000);

afterAll(async () => {
  await stopProcess(server, 'SIGKILL');
  await home?.close();
});

type Ack = { orderId: number; userId: number; paid: boolean };

async function post(url: string, token: string, body: unknown) {
  const res = await fetch(`${home.base}/api/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any; message: string };
}

describe(`SIGKILL in the middle of checkout-and-pay (${engine})`, () => {
  it('keeps every acknowledged order and payment, and creates or loses no stock or money', async () => {
    const ctx = { db: dbh.db, tokens: createTokenService(dbh.db) } as unknown as AppContext;
    const g = await goodsFixture(ctx, {
      specs: [{ price: PRICE, stock: INITIAL_STOCK }],
      payWays: ['wallet'],
    });
    const specId = g.specIds[0]!;
    const buyers: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const u = await createUser(ctx);
      await dbh.db.transaction().execute((trx) =>
        postEntry(trx, {
          kind: 'wallet',
          userId: Number(u.id),
          type: 'ADJUST',
          amount: BALANCE,
          key: `crash-seed-${u.id}`,
          at: Date.now(),
        }),
      );
      buyers.push(u);
    }

    const acks: Ack[] = [];
    let refused = 0;
    let cut = 0;
    let running = true;
    const loop = async (b: (typeof buyers)[number]) => {
      while (running) {
        try {
          const o = await post('app/order/info/create', b.token, {
            buyNow: { specId, quantity: 1 },
            payWay: 'wallet',
          });
          if (o.code !== 1000) {
            refused += 1;
            continue;
          }
          const ack: Ack = { orderId: o.data.id as number, userId: Number(b.id), paid: false };
          acks.push(ack);
          const p = await post('app/order/pay/walletPay', b.token, { orderId: ack.orderId });
          if (p.code === 1000) ack.paid = true;
          else refused += 1;
        } catch {
          // the server died under this request: whether it committed is unknown, so it is not counted as
          // acknowledged; wait for the server to come back
          cut += 1;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const loops = buyers.map(loop);
    // load, then SIGKILL while requests are in flight
    while (acks.filter((a) => a.paid).length < 60) await new Promise((r) => setTimeout(r, 20));
    const ackedBeforeKill = acks.length;
    await kill(server!);
    const t0 = performance.now();
    server = await startServer();
    const restartMs = performance.now() - t0;
    // the load goes on against the restarted server, then stops
    const target = acks.filter((a) => a.paid).length + 40;
    while (acks.filter((a) => a.paid).length < target) await new Promise((r) => setTimeout(r, 20));
    running = false;
    await Promise.all(loops);

    // every acknowledged order is there; every acknowledged payment left a paid order with one paid attempt
    const ids = acks.map((a) => a.orderId);
    const orders = await dbh.db
      .selectFrom('shop_order')
      .select(['id', 'status', 'user_id', 'total_amount'])
      .where('id', 'in', ids)
      .execute();
    expect(orders.length).toBe(ids.length);
    const statusOf = new Map(orders.map((o) => [Number(o.id), Number(o.status)]));
    for (const a of acks.filter((x) => x.paid)) expect([1, 3]).toContain(statusOf.get(a.orderId));

    // every order of the goods (acknowledged or not): paid ones have exactly one successful payment,
    // unpaid ones none
    const all = await dbh.db
      .selectFrom('shop_order as o')
      .innerJoin('order_line as l', 'l.order_id', 'o.id')
      .select(['o.id', 'o.status', 'o.total_amount', 'l.quantity'])
      .where('l.spec_id', '=', specId)
      .execute();
    const attempts = await dbh.db
      .selectFrom('payment_attempt')
      .select(['order_id', 'status', 'amount', 'surplus'])
      .where(
        'order_id',
        'in',
        all.map((o) => Number(o.id)),
      )
      .execute();
    const paidAttempts = new Map<number, number>();
    for (const at of attempts)
      if (at.status === 'paid' && !Number(at.surplus))
        paidAttempts.set(Number(at.order_id), (paidAttempts.get(Number(at.order_id)) ?? 0) + 1);
    for (const o of all) {
      const paid = [1, 2, 3, 4, 5, 6].includes(Number(o.status));
      expect(paidAttempts.get(Number(o.id)) ?? 0, `order ${o.id} status ${o.status}`).toBe(paid ? 1 : 0);
    }

    // stock: what is left plus what live orders hold is what there was
    const spec = await dbh.db
      .selectFrom('goods_spec')
      .select('stock')
      .where('id', '=', specId)
      .executeTakeFirstOrThrow();
    const held = all.filter((o) => Number(o.status) !== 7).reduce((s, o) => s + Number(o.quantity), 0);
    expect(Number(spec.stock) + held).toBe(INITIAL_STOCK);

    // money: every wallet balance is the sum of its ledger entries, and is the seed minus what paid orders cost
    for (const b of buyers) {
      const account = await dbh.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('kind', '=', 'wallet')
        .where('user_id', '=', Number(b.id))
        .executeTakeFirstOrThrow();
      const sum = await dbh.db
        .selectFrom('ledger_entry')
        .select(sql<number>`coalesce(sum(amount), 0)`.as('s'))
        .where('kind', '=', 'wallet')
        .where('user_id', '=', Number(b.id))
        .executeTakeFirstOrThrow();
      expect(Number(account.balance)).toBe(Number(sum.s));
      const spent = await dbh.db
        .selectFrom('payment_attempt')
        .select(sql<number>`coalesce(sum(amount), 0)`.as('s'))
        .where('user_id', '=', Number(b.id))
        .where('channel', '=', 'wallet')
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      expect(Number(account.balance)).toBe(BALANCE - Number(spent.s));
    }
    const paidOrders = all.filter((o) => [1, 3].includes(Number(o.status))).length;
    reportFigure(
      `crash: SIGKILL after ${ackedBeforeKill} acknowledged orders, restart ${Math.round(restartMs)} ms; ` +
        `${acks.length} orders and ${acks.filter((a) => a.paid).length} payments acknowledged, all present; ` +
        `${cut} requests failed while the server was down, ${refused} refused; ${all.length} orders (${paidOrders} paid): stock ` +
        `${spec.stock} + ${held} held = ${INITIAL_STOCK}, ${BUYERS} wallets = ledger sums = seed - payments`,
    );
  }, 120_000);
});
