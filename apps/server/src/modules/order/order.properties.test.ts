import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS as S } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { reportFigure } from '../../test/figures';
import { operatorToken } from '../cs/cs.fixtures';
import { postEntry } from '../wallet/wallet.fixtures';
import { addressOf, buyNow, physicalGoods } from './order.fixtures';
import { sweepOrders } from './order.jobs';

/**
 * The order status machine under random action sequences, through the real routes and the real order timer:
 * buyer cancel, wallet pay, operator ship, buyer confirms receipt, refund request, approve, reject, and
 * timeouts (the timer run at a clock moved past the payment deadline, the automatic receipt or completion).
 * A model says what each action must do from each status; after every step the order is where the model
 * says, every logged transition is a legal one, and stock and the buyer's wallet balance add up.
 */
/** 40 in the plain test run, more under `npm run reliability` (short and full forms). */
const RUNS = process.env.FUZZ_FULL ? 500 : process.env.RELIABILITY ? 50 : 40;
const DAY = 86_400_000;
/** Every transition the architecture allows (section 6), with 5 -> x the rejection going back to x. */
const LEGAL = new Set([
  '0>1',
  '0>3',
  '0>7',
  '1>2',
  '2>3',
  '3>4',
  '1>5',
  '2>5',
  '3>5',
  '5>6',
  '5>1',
  '5>2',
  '5>3',
]);
const SEED = 10_000_000;

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' } });
  op = (await operatorToken(t)).token;
});
afterAll(async () => t?.close());

type Action =
  'cancel' | 'pay' | 'ship' | 'confirm' | 'refund' | 'approve' | 'reject' | 'tPay' | 'tReceive' | 'tComplete';
const ALL: Action[] = [
  'cancel',
  'pay',
  'ship',
  'confirm',
  'refund',
  'approve',
  'reject',
  'tPay',
  'tReceive',
  'tComplete',
];
/** What the model allows from each status (timeouts always run; they move only what is due). */
const ALLOWED: Record<number, Action[]> = {
  0: ['cancel', 'pay', 'tPay'],
  1: ['ship', 'refund'],
  2: ['confirm', 'refund', 'tReceive'],
  3: ['refund', 'tComplete'],
  5: ['approve', 'reject'],
};
/**
 * Each step: seven times in ten an action the model allows from the current status (so sequences get deep
 * into the machine), otherwise any action at all (mostly refused ones). Picked at run time from the model.
 */
const sequences = fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.nat(1000)), {
  minLength: 1,
  maxLength: 14,
});
const pick = ([kind, n]: [number, number], status: number): Action => {
  const allowed = ALLOWED[status] ?? [];
  return kind < 7 && allowed.length ? allowed[n % allowed.length]! : ALL[n % ALL.length]!;
};

/** The clock the order timer runs at: only moves forward, always at or after the real one. */
let clock = Date.now();

describe('order status machine (fast-check, through the routes)', () => {
  it(`random action sequences never reach an illegal state (${RUNS} runs)`, async () => {
    let steps = 0;
    let accepted = 0;
    const reached = new Set<number>();
    await fc.assert(
      fc.asyncProperty(sequences, async (seq) => {
        const buyer = await createUser(t.ctx);
        await t.ctx.db.transaction().execute((trx) =>
          postEntry(trx, {
            kind: 'wallet',
            userId: Number(buyer.id),
            type: 'ADJUST',
            amount: SEED,
            key: `machine-${buyer.id}`,
            at: Date.now(),
          }),
        );
        const g = await physicalGoods(t, { stock: 5 });
        const specId = g.specIds[0]!;
        const addressId = await addressOf(t, buyer);
        const created = await buyNow(t, buyer, specId, { addressId });
        expect(created.code, created.message).toBe(1000);
        const id = created.data.id as number;
        const row = () =>
          t.ctx.db.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const total = Number((await row()).total_amount);
        // the model
        let status: number = S.PENDING_PAYMENT;
        let refundFrom: number | null = null;
        let paid = false;
        let refunded = false;
        let stockBack = false;

        const visited = new Set<number>([status]);
        for (const step of seq) {
          const a = pick(step, status);
          steps += 1;
          const before = await row();
          let expectOk: boolean;
          let next = status;
          let res: { status: number; code: number; message: string } | null = null;
          const buyerCall = (method: 'GET' | 'POST', url: string, o: object) =>
            call(t.app, method, url, { token: buyer.token, ...o });
          const opCall = (url: string, body: object) => call(t.app, 'POST', url, { token: op, body });
          switch (a) {
            case 'cancel':
              expectOk = status === S.PENDING_PAYMENT;
              next = S.CLOSED;
              res = await buyerCall('POST', 'app/order/info/cancel', { body: { id } });
              if (expectOk) stockBack = true;
              break;
            case 'pay':
              // a second wallet pay of a paid order is a retry: it answers the first result, changes nothing
              expectOk = status === S.PENDING_PAYMENT || paid;
              next = status === S.PENDING_PAYMENT ? S.PENDING_SHIPMENT : status;
              res = await buyerCall('POST', 'app/order/pay/walletPay', { body: { orderId: id } });
              if (expectOk) paid = true;
              break;
            case 'ship':
              expectOk = status === S.PENDING_SHIPMENT;
              next = S.PENDING_RECEIPT;
              res = await opCall('admin/order/info/ship', {
                id,
                carrier: 'Chunghwa Post',
                trackingNo: `CP${id}TW`,
              });
              break;
            case 'confirm':
              expectOk = status === S.PENDING_RECEIPT;
              next = S.PENDING_REVIEW;
              res = await buyerCall('GET', 'app/order/info/confirm', { query: { id: String(id) } });
              break;
            case 'refund':
              expectOk = ([S.PENDING_SHIPMENT, S.PENDING_RECEIPT, S.PENDING_REVIEW] as number[]).includes(
                status,
              );
              next = S.REFUNDING;
              res = await buyerCall('POST', 'app/order/info/refund', {
                body: { id, reason: 'quality', description: 'property test' },
              });
              if (expectOk) refundFrom = status;
              break;
            case 'approve':
              expectOk = status === S.REFUNDING;
              next = S.REFUNDED;
              res = await opCall('admin/order/info/refund/approve', { id });
              if (expectOk) {
                refunded = true;
                if (refundFrom === S.PENDING_SHIPMENT) stockBack = true;
              }
              break;
            case 'reject':
              expectOk = status === S.REFUNDING;
              next = refundFrom ?? status;
              res = await opCall('admin/order/info/refund/reject', { id, reason: 'Return the card first' });
              break;
            default: {
              // the order timer at a later clock: what is due moves, nothing else
              clock =
                Math.max(clock, Date.now()) +
                (a === 'tPay' ? 31 * 60_000 : a === 'tReceive' ? 11 * DAY : 8 * DAY);
              await sweepOrders(t.ctx, clock);
              expectOk = true;
              if (status === S.PENDING_PAYMENT && Number(before.pay_deadline) <= clock) {
                next = S.CLOSED;
                stockBack = true;
              } else if (status === S.PENDING_RECEIPT && Number(before.shipped_at) + 10 * DAY <= clock)
                next = S.PENDING_REVIEW;
              else if (status === S.PENDING_REVIEW && Number(before.received_at) + 7 * DAY <= clock)
                next = S.COMPLETED;
              else next = status;
            }
          }
          if (res) {
            // a refused action is a clear business error in the envelope, never a fault
            expect(res.status, `${a} from ${status}: ${res.message}`).toBe(200);
            expect(res.code === 1000, `${a} from ${status}: ${res.code} ${res.message}`).toBe(expectOk);
            if (res.code === 1000) accepted += 1;
          }
          if (expectOk) status = next;
          const after = await row();
          expect(Number(after.status), `after ${a}`).toBe(status);
          visited.add(status);
        }

        // every logged transition is legal and they chain
        const logs = await t.ctx.db
          .selectFrom('order_log')
          .select(['from_status', 'to_status'])
          .where('order_id', '=', id)
          .orderBy('id')
          .execute();
        let at: number | null = null;
        for (const l of logs) {
          const from = l.from_status === null ? null : Number(l.from_status);
          if (from !== null) {
            expect(LEGAL.has(`${from}>${Number(l.to_status)}`), `${from} -> ${l.to_status}`).toBe(true);
            expect(from).toBe(at);
          }
          at = Number(l.to_status);
        }
        expect(at ?? S.PENDING_PAYMENT).toBe(status);

        // stock: 5 at the start, one unit held unless closed or refunded before shipment
        const spec = await t.ctx.db
          .selectFrom('goods_spec')
          .select('stock')
          .where('id', '=', specId)
          .executeTakeFirstOrThrow();
        expect(Number(spec.stock)).toBe(stockBack ? 5 : 4);
        // money: the wallet is its ledger sum, and the seed minus what was paid plus what came back
        const wallet = await t.ctx.db
          .selectFrom('ledger_account')
          .select('balance')
          .where('kind', '=', 'wallet')
          .where('user_id', '=', Number(buyer.id))
          .executeTakeFirstOrThrow();
        const sum = await t.ctx.db
          .selectFrom('ledger_entry')
          .select(sql<number>`coalesce(sum(amount), 0)`.as('s'))
          .where('kind', '=', 'wallet')
          .where('user_id', '=', Number(buyer.id))
          .executeTakeFirstOrThrow();
        expect(Number(wallet.balance)).toBe(Number(sum.s));
        expect(Number(wallet.balance)).toBe(SEED - (paid ? total : 0) + (refunded ? total : 0));
        for (const v of visited) reached.add(v);
      }),
      {
        numRuns: RUNS,
        // besides the random ones (examples count in numRuns), one path to each end of the machine, so every
        // status is reached on every run: pay, ship, confirm, complete (4); pay, refund, approve (6); cancel (7)
        examples: [
          [
            [
              [0, 1],
              [0, 0],
              [0, 0],
              [0, 1],
            ],
          ],
          [
            [
              [0, 1],
              [0, 1],
              [0, 0],
            ],
          ],
          [[[0, 0]]],
        ],
      },
    );
    // the sequences went everywhere: every status of the machine was reached
    expect([...reached].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    reportFigure(
      `order machine: ${RUNS} random sequences, ${steps} actions (${accepted} accepted, the rest refused as the model says), statuses reached ${[...reached].sort().join(',')}, 0 illegal states`,
    );
  }, 300_000);
});
