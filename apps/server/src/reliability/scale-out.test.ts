import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../jobs/runner';
import { createUser } from '../test/fixtures';
import { startSharedInstances, type Instance } from '../test/instances';
import { startRoundRobinProxy } from '../test/proxy';
import { TestSocket } from '../test/ws-client';
import { goodsFixture } from '../modules/cart/cart.fixtures';
import { fakeChannel, paidBody, type FakeChannel } from '../modules/payment/payment.fixtures';
import { reportFigure } from '../test/figures';

/**
 * Past one machine: two instances as production runs them (one database, PostgreSQL with DATABASE_URL; one
 * Redis) behind one port (a round-robin proxy, as a load balancer). Each property is proven through the
 * proxy, with the instance that answered read from its `x-backend` header: sessions, rate limits, the
 * catalogue cache, the job runner's leases and chat all work whichever instance a request lands on.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/4';
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite file';
const RATE_LIMIT = 20;
let shared: Awaited<ReturnType<typeof startSharedInstances>>;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let a: Instance;
let b: Instance;
/** The one payment provider both instances talk to (its notifications can land on either). */
let wechat: FakeChannel;

beforeAll(async () => {
  wechat = fakeChannel('wechat');
  shared = await startSharedInstances(
    2,
    {
      REDIS_URL,
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      AUTH_RATE_LIMIT_MAX: '1000',
      TRUST_PROXY: 'loopback',
      ORDER_SWEEP_SECONDS: '0',
      PAY_RECONCILE_SECONDS: '0',
    },
    { payments: { wechat: wechat.ch } },
  );
  [a, b] = shared.instances as [Instance, Instance];
  expect(a.ctx.events.kind).toBe('redis');
  // sockets name no client: each gets a made-up address of its own (its own rate-limit bucket)
  proxy = await startRoundRobinProxy(
    shared.instances.map((i) => i.port),
    () => freshIp(),
  );
});
afterAll(async () => {
  await proxy?.close();
  await shared?.close();
});

/** Every call from its own made-up client address unless one is named: each has its own rate-limit bucket. */
const freshIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
async function via(
  method: 'GET' | 'POST',
  url: string,
  o: { token?: string; body?: unknown; ip?: string } = {},
) {
  const res = await fetch(`http://127.0.0.1:${proxy.port}/api/${url}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: o.token } : {}),
      'x-test-client-ip': o.ip ?? freshIp(),
      language: 'en',
    },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
  const json = (await res.json().catch(() => ({ code: -1, data: null, message: '' }))) as {
    code: number;
    data: any;
    message: string;
  };
  return { status: res.status, backend: Number(res.headers.get('x-backend')), ...json };
}

describe(`two instances behind one port on one database and one Redis (${engine})`, () => {
  it('sessions: an operator signs in on one instance, works, refreshes and signs out on the other', async () => {
    const login = await via('POST', 'admin/base/open/login', {
      body: { username: 'admin', password: 'admin123456' },
    });
    expect(login.code).toBe(1000);
    const person = await via('GET', 'admin/base/comm/person', { token: login.data.token });
    expect(person.code).toBe(1000);
    expect(person.backend).not.toBe(login.backend);
    const refreshed = await via('POST', 'admin/base/open/refreshToken', {
      body: { refreshToken: login.data.refreshToken },
    });
    expect(refreshed.code).toBe(1000);
    const out = await via('POST', 'admin/base/comm/logout', { token: refreshed.data.token, body: {} });
    expect(out.code).toBe(1000);
    const after = await via('GET', 'admin/base/comm/person', { token: refreshed.data.token });
    expect(after.backend).not.toBe(out.backend);
    expect(after.status).toBe(401);
    // the buyer side: a token from one instance is good on the other
    const buyer = await createUser(a.ctx);
    const seen = new Set<number>();
    for (let i = 0; i < 2; i += 1) {
      const me = await via('GET', 'app/user/info/person', { token: buyer.token });
      expect(me.code).toBe(1000);
      seen.add(me.backend);
    }
    expect(seen.size).toBe(2);
  });

  it('sessions: a sign-out through one instance ends the token at once on the other, which had it checked', async () => {
    const login = await via('POST', 'admin/base/open/login', {
      body: { username: 'admin', password: 'admin123456' },
    });
    expect(login.code).toBe(1000);
    const direct = (inst: Instance, url: string, method: 'GET' | 'POST' = 'GET') =>
      fetch(`http://127.0.0.1:${inst.port}/api/${url}`, {
        method,
        headers: {
          authorization: login.data.token,
          'x-forwarded-for': freshIp(),
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
    // both instances have just checked the token (each keeps a check for up to a second)
    for (const inst of [a, b]) expect((await direct(inst, 'admin/base/comm/person')).status).toBe(200);
    const t0 = performance.now();
    const out = await direct(a, 'admin/base/comm/logout', 'POST');
    expect(((await out.json()) as { code: number }).code).toBe(1000);
    // the revocation travels over Redis pub/sub in milliseconds, well inside the second a check is kept
    for (;;) {
      if ((await direct(b, 'admin/base/comm/person')).status === 401) break;
      expect(performance.now() - t0).toBeLessThan(800);
      await new Promise((res) => setTimeout(res, 2));
    }
    reportFigure(
      `scale-out: a sign-out through A refused by B after ${(performance.now() - t0).toFixed(1)} ms (a check is kept 1 s)`,
    );
  });

  it(`rate limits: one client gets ${RATE_LIMIT} calls a minute across both instances, not ${RATE_LIMIT} on each`, async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < RATE_LIMIT * 2; i += 1)
      answers.push(await via('POST', 'app/goods/type/list', { ip, body: {} }));
    const passed = answers.filter((r) => r.status === 200).length;
    const limited = answers.filter((r) => r.status === 429);
    expect(new Set(answers.map((r) => r.backend)).size).toBe(2);
    expect(passed).toBe(RATE_LIMIT);
    expect(limited.length).toBe(RATE_LIMIT);
    expect(limited[0]!.code).toBe(1004);
    reportFigure(
      `scale-out: rate limit ${RATE_LIMIT}/min held across 2 instances (${passed} passed, ${limited.length} limited)`,
    );
  });

  it('catalogue cache: an operator change through one instance is seen at once through the other', async () => {
    const g = await goodsFixture(a.ctx, { specs: [{ price: 1000, stock: 5 }] });
    // both instances cache the detail
    const first = await via('GET', `app/goods/info/info?id=${g.goodsId}`);
    const second = await via('GET', `app/goods/info/info?id=${g.goodsId}`);
    expect([first.code, second.code]).toEqual([1000, 1000]);
    expect(new Set([first.backend, second.backend]).size).toBe(2);
    const op = await via('POST', 'admin/base/open/login', {
      body: { username: 'admin', password: 'admin123456' },
    });
    const off = await via('POST', 'admin/goods/info/onSale', {
      token: op.data.token,
      body: { ids: [g.goodsId], onSale: 0 },
    });
    expect(off.code).toBe(1000);
    // the invalidation travels over Redis pub/sub: each instance drops its copy within milliseconds, well
    // within the cache's 30 s lifetime (without the bus the other instance would answer on sale for 30 s)
    const t0 = performance.now();
    const seenAfter: number[] = [];
    for (const inst of [a, b]) {
      for (;;) {
        const r = await fetch(`http://127.0.0.1:${inst.port}/api/app/goods/info/info?id=${g.goodsId}`, {
          headers: { 'x-forwarded-for': freshIp() },
        });
        if (((await r.json()) as { code: number }).code !== 1000) break;
        expect(performance.now() - t0).toBeLessThan(800);
        await new Promise((res) => setTimeout(res, 2));
      }
      seenAfter.push(performance.now() - t0);
    }
    reportFigure(
      `scale-out: catalogue change through instance ${off.backend === 0 ? 'A' : 'B'} seen by A after ${seenAfter[0]!.toFixed(1)} ms, B after ${seenAfter[1]!.toFixed(1)} ms (cache lifetime 30 s)`,
    );
  });

  it('jobs: both instances tick at once, each retried and scheduled job runs on exactly one', async () => {
    const runs = new Map<number, string[]>();
    let sweeps = 0;
    const kind = `scaleout-${crypto.randomBytes(4).toString('hex')}`;
    for (const inst of [a, b]) {
      const who = inst === a ? 'A' : 'B';
      inst.ctx.jobs.handle<{ n: number }>({
        kind,
        run: async (p) => {
          runs.set(p.n, [...(runs.get(p.n) ?? []), who]);
          await new Promise((r) => setTimeout(r, 5));
        },
      });
      inst.ctx.jobs.schedule({
        name: `${kind}-sweep`,
        everyMs: 3_600_000,
        run: async () => {
          sweeps += 1;
          await new Promise((r) => setTimeout(r, 20));
        },
      });
    }
    const JOBS = 40;
    for (let n = 0; n < JOBS; n += 1) await enqueueJob(a.ctx.db, kind, { n });
    for (let round = 0; round < 3; round += 1) await Promise.all([a.ctx.jobs.tick(), b.ctx.jobs.tick()]);
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].every((r) => r.length === 1)).toBe(true);
    expect(sweeps).toBe(1);
    const byA = [...runs.values()].filter((r) => r[0] === 'A').length;
    const rows = await a.ctx.db.selectFrom('job').select('state').where('kind', '=', kind).execute();
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    reportFigure(
      `scale-out: ${JOBS} jobs + 1 scheduled under 2 racing runners: each ran once (A ${byA}, B ${JOBS - byA})`,
    );
  });

  it('chat: a buyer on one instance and an operator on the other talk through one port', async () => {
    const buyer = await createUser(a.ctx);
    const op = await via('POST', 'admin/base/open/login', {
      body: { username: 'admin', password: 'admin123456' },
    });
    const base = `ws://127.0.0.1:${proxy.port}/api`;
    const before = proxy.upgrades.length;
    const buyerWs = await TestSocket.open(`${base}/app/cs/msg/ws`);
    const opWs = await TestSocket.open(`${base}/admin/cs/ws`);
    const [buyerOn, opOn] = proxy.upgrades.slice(before);
    expect(buyerOn).not.toBe(opOn);
    buyerWs.send({ type: 'auth', token: buyer.token });
    opWs.send({ type: 'auth', token: op.data.token });
    await buyerWs.next((f) => f.type === 'ready');
    await opWs.next((f) => f.type === 'ready');

    buyerWs.send({ type: 'send', msg: { clientId: 'scale-out-buyer-1', type: 'text', text: 'hello' } });
    const atOp = await opWs
      .next((f) => f.type === 'message' && f.message.text === 'hello', 2000)
      .catch((err: Error) => {
        throw new Error(`${err.message}; the buyer got ${JSON.stringify(buyerWs.frames)}`);
      });
    opWs.send({
      type: 'send',
      sessionId: atOp.message.sessionId,
      msg: { clientId: 'scale-out-operator-1', type: 'text', text: 'hello, how can we help?' },
    });
    await buyerWs.next((f) => f.type === 'message' && f.message.text === 'hello, how can we help?', 2000);
    buyerWs.close();
    opWs.close();
  });

  it('payments: the same notification delivered at once to both instances makes one transition', async () => {
    const buyer = await createUser(a.ctx);
    const g = await goodsFixture(a.ctx, { specs: [{ price: 12_300, stock: 5 }], payWays: ['wechat'] });
    const order = await via('POST', 'app/order/info/create', {
      token: buyer.token,
      body: { buyNow: { specId: g.specIds[0], quantity: 1 }, payWay: 'wechat' },
    });
    expect(order.code, order.message).toBe(1000);
    const pay = await via('POST', 'app/order/pay/orderPay', {
      token: buyer.token,
      body: { orderId: order.data.id, payWay: 'wechat', client: 'desktop_browser' },
    });
    expect(pay.code, pay.message).toBe(1000);
    const no = pay.data.attemptNo as string;
    const body = paidBody(no, 12_300);
    const DELIVERIES = 8;
    const replies = await Promise.all(
      Array.from({ length: DELIVERIES }, (_, i) =>
        fetch(`http://127.0.0.1:${(i % 2 ? b : a).port}/api/app/order/pay/wxNotify`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-fake-signature': 'good',
            'x-forwarded-for': freshIp(),
          },
          body,
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(DELIVERIES).fill(204));
    const events = await a.ctx.db
      .selectFrom('payment_event')
      .select('result')
      .where('attempt_no', '=', no)
      .execute();
    expect(events.map((e) => e.result).sort()).toEqual([
      'applied',
      ...Array(DELIVERIES - 1).fill('duplicate'),
    ]);
    const logs = await a.ctx.db
      .selectFrom('order_log')
      .select('id')
      .where('order_id', '=', order.data.id)
      .where('action', '=', 'pay')
      .execute();
    expect(logs).toHaveLength(1);
    const attempts = await a.ctx.db
      .selectFrom('payment_attempt')
      .select(['status'])
      .where('order_id', '=', order.data.id)
      .execute();
    expect(attempts.map((r) => r.status)).toEqual(['paid']);
    const st = await via('GET', `app/order/pay/status?orderId=${order.data.id}`, { token: buyer.token });
    expect(st.data).toMatchObject({ paid: true });
    reportFigure(
      `scale-out: one payment notification delivered ${DELIVERIES} times at once to 2 instances: 1 applied, ${DELIVERIES - 1} duplicates`,
    );
  });
});
