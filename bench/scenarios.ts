/**
 * The calls `npm run bench` measures, and the data each needs, made before the load (straight in the
 * database for buyers and stock, over HTTP for what the shop itself records: carts, orders, wallet credit).
 */
import path from 'node:path';
import type { Db } from '../apps/server/src/platform/db';
import type { Call } from './http';
import { benchDir } from './processes';

export type Request = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** autocannon puts a fresh id in place of `[<id>]` on every request (in a header: the body length is fixed). */
  idReplacement?: boolean;
  /** Calls that follow this one on the same connection (autocannon `requests`); hooks are bench/hooks/*.cjs. */
  sequence?: {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    setupRequest?: string;
  }[];
  /** Hooks of the first call of a sequence. */
  setupRequest?: string;
  onResponse?: string;
};

export type Buyers = { reader: string; carter: string; orderer: string; payer: string };
export type Env = {
  call: Call;
  db: Db;
  buyers: Buyers;
  buyerIds: Record<keyof Buyers, number>;
  specIds: number[];
  orderSpec: { id: number; payWay: string };
  /** Buyers with wallet credit, one per connection of the many-buyer checkout (their tokens are also in
   *  BENCH_PAYER_TOKENS for the load process's hooks). */
  payerIds: number[];
  payerTokens: string[];
};
export type Scenario = {
  name: string;
  kind: 'catalogue' | 'authenticated' | 'write';
  setup: (env: Env) => Promise<Request> | Request;
  /** After the load: what the requests really did (business errors answer HTTP 200). */
  check?: (env: Env, requests: number) => Promise<string>;
  connections?: number;
};

export const hook = (f: string) => path.join(benchDir, 'hooks', f);
/** What Chromium sends: the other rows leave Accept-Encoding out, as autocannon does. */
const BROWSER = 'gzip, deflate, br, zstd';

/** The reader's five orders (the same five however often it runs: idempotency keys), first page. */
async function orderPage(
  { call, buyers, orderSpec }: Env,
  headers: Record<string, string>,
): Promise<Request> {
  for (let i = 0; i < 5; i++)
    await call('POST', 'app/order/info/create', buyers.reader, {
      buyNow: { specId: orderSpec.id, quantity: 1 },
      payWay: orderSpec.payWay,
      idempotencyKey: `bench-page-${i}`,
    });
  return {
    method: 'POST',
    path: '/api/app/order/info/page',
    body: { page: 1, size: 10 },
    headers: { authorization: buyers.reader, ...headers },
  };
}

export const SCENARIOS: Scenario[] = [
  {
    // banners, categories, popular destinations, recommended goods and hot keywords in one cached answer
    name: 'home feed',
    kind: 'catalogue',
    setup: () => ({ method: 'GET', path: '/api/app/goods/home' }),
  },
  {
    name: 'goods page',
    kind: 'catalogue',
    setup: () => ({ method: 'POST', path: '/api/app/goods/info/page', body: { page: 1, size: 20 } }),
  },
  {
    name: 'search',
    kind: 'catalogue',
    setup: () => ({
      method: 'POST',
      path: '/api/app/goods/info/page',
      body: { page: 1, size: 20, keyWord: 'japan' },
    }),
  },
  {
    name: 'goods detail',
    kind: 'catalogue',
    setup: async ({ db }) => {
      const goods = await db
        .selectFrom('goods')
        .select('id')
        .where('on_sale', '=', 1)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { method: 'GET', path: `/api/app/goods/info/info?id=${goods.id}` };
    },
  },
  {
    name: 'user profile',
    kind: 'authenticated',
    setup: ({ buyers }) => ({
      method: 'GET',
      path: '/api/app/user/info/person',
      headers: { authorization: buyers.reader },
    }),
  },
  {
    // a cart of five lines, each described and priced from the catalogue
    name: 'cart list',
    kind: 'authenticated',
    setup: async ({ call, buyers, specIds }) => {
      for (const specId of specIds.slice(0, 5))
        await call('POST', 'app/user/cart/add', buyers.reader, { specId });
      return { method: 'GET', path: '/api/app/user/cart/list', headers: { authorization: buyers.reader } };
    },
  },
  {
    // the first page of a buyer's five orders
    name: 'order page',
    kind: 'authenticated',
    setup: (env) => orderPage(env, {}),
  },
  {
    // as a browser or the app asks (every one accepts br): the kept answer's brotli form, made once
    name: 'home feed (br)',
    kind: 'catalogue',
    setup: () => ({ method: 'GET', path: '/api/app/goods/home', headers: { 'accept-encoding': BROWSER } }),
  },
  {
    // an answer built per request (4.6 KB), compressed as it is sent, as a browser gets it
    name: 'order page (br)',
    kind: 'authenticated',
    setup: (env) => orderPage(env, { 'accept-encoding': BROWSER }),
  },
  {
    // the same spec over and over: an upsert of one line, capped at the stock (the buyer's double taps)
    name: 'cart add',
    kind: 'write',
    setup: ({ buyers, specIds }) => ({
      method: 'POST',
      path: '/api/app/user/cart/add',
      body: { specId: specIds[0] },
      headers: { authorization: buyers.carter },
    }),
  },
  {
    // "buy now" of one unit of a virtual plan, a fresh idempotency key per request and a stock that never
    // runs out: every request re-prices, takes stock (logged) and opens an order with its line and log
    name: 'order create',
    kind: 'write',
    setup: ({ buyers, orderSpec }) => ({
      method: 'POST',
      path: '/api/app/order/info/create',
      body: { buyNow: { specId: orderSpec.id, quantity: 1 }, payWay: orderSpec.payWay },
      headers: { authorization: buyers.orderer, 'idempotency-key': 'bench-[<id>]' },
      idReplacement: true,
    }),
    check: async ({ db, buyerIds }, requests) => {
      const { n } = await db
        .selectFrom('shop_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', buyerIds.orderer)
        .executeTakeFirstOrThrow();
      return `${Number(n)} orders opened by ${requests} requests`;
    },
  },
  {
    // open an order of one plan, then pay it from the wallet, on each connection in turn; 8 connections so
    // the buyer's unpaid orders stay far below ORDER_MAX_UNPAID. req/s counts both calls
    name: 'order create + wallet pay',
    kind: 'write',
    connections: 8,
    setup: ({ buyers, orderSpec }) => ({
      method: 'POST',
      path: '/api/app/order/info/create',
      body: { buyNow: { specId: orderSpec.id, quantity: 1 }, payWay: 'wallet' },
      headers: { authorization: buyers.payer },
      setupRequest: hook('create-request.cjs'),
      onResponse: hook('order-created.cjs'),
      sequence: [
        {
          method: 'POST',
          path: '/api/app/order/pay/walletPay',
          body: { orderId: 0 },
          headers: { authorization: buyers.payer },
          setupRequest: hook('wallet-pay-request.cjs'),
        },
      ],
    }),
    check: async ({ db, buyerIds }, requests) => {
      const { n } = await db
        .selectFrom('shop_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', buyerIds.payer)
        .where('status', '!=', 0)
        .executeTakeFirstOrThrow();
      return `${Number(n)} orders paid by ${requests} requests`;
    },
  },
  {
    // the same checkout-and-pay by 8 buyers, one per connection: no two connections wait on one buyer's
    // rows (the wallet's ledger account, the unpaid-order cap), so this is the shop's throughput, not one
    // buyer's
    name: 'checkout-and-pay by 8 buyers',
    kind: 'write',
    connections: 8,
    setup: ({ orderSpec, payerTokens }) => ({
      method: 'POST',
      path: '/api/app/order/info/create',
      body: { buyNow: { specId: orderSpec.id, quantity: 1 }, payWay: 'wallet' },
      // the preflight's buyer; under load the hook gives each connection its own
      headers: { authorization: payerTokens[0]! },
      setupRequest: hook('buyer-create-request.cjs'),
      onResponse: hook('order-created.cjs'),
      sequence: [
        {
          method: 'POST',
          path: '/api/app/order/pay/walletPay',
          body: { orderId: 0 },
          setupRequest: hook('buyer-wallet-pay-request.cjs'),
        },
      ],
    }),
    check: async ({ db, payerIds }, requests) => {
      const { n } = await db
        .selectFrom('shop_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', 'in', payerIds)
        .where('status', '!=', 0)
        .executeTakeFirstOrThrow();
      return `${Number(n)} orders paid by ${requests} requests`;
    },
  },
];
