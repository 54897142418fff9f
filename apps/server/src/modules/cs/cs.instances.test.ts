import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures';
import { startSharedInstances, type Instance } from '../../test/instances';
import { TestSocket } from '../../test/ws-client';
import { operatorToken } from './cs.fixtures';

/**
 * Two server instances as production runs them: one database (a PostgreSQL schema both use, or without
 * DATABASE_URL one SQLite file) and one Redis, each listening on its own port. A message sent through
 * instance A must reach a socket held by instance B within a second.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
let shared: Awaited<ReturnType<typeof startSharedInstances>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  shared = await startSharedInstances(2, { REDIS_URL });
  [a, b] = shared.instances as [Instance, Instance];
  expect(a.ctx.events.kind).toBe('redis');
});
afterAll(async () => shared?.close());

const post = async (i: Instance, url: string, token: string, body: unknown) => {
  const res = await fetch(`http://127.0.0.1:${i.port}/api/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any; message: string };
};

describe('two instances on one database and one Redis', () => {
  it(`delivers a message sent through instance A to a socket on instance B within a second (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite file'})`, async () => {
    const buyer = await createUser(a.ctx);
    const op = await operatorToken(a);
    const buyerOnB = await TestSocket.open(`ws://127.0.0.1:${b.port}/api/app/cs/msg/ws`);
    const operatorOnB = await TestSocket.open(`ws://127.0.0.1:${b.port}/api/admin/cs/ws`);
    buyerOnB.send({ type: 'auth', token: buyer.token });
    operatorOnB.send({ type: 'auth', token: op.token });
    await buyerOnB.next((f) => f.type === 'ready');
    await operatorOnB.next((f) => f.type === 'ready');

    // the buyer writes through A: the operator's socket on B sees it
    const t0 = performance.now();
    const sent = await post(a, 'app/cs/msg/send', buyer.token, {
      clientId: 'two-instances-1',
      type: 'text',
      text: 'hello from A',
    });
    expect(sent.code).toBe(1000);
    await operatorOnB.next((f) => f.type === 'message' && f.message.id === sent.data.id, 1000);
    const toOperator = performance.now() - t0;

    // the operator answers through A: the buyer's socket on B gets it
    const t1 = performance.now();
    const reply = await post(a, 'admin/cs/msg/send', op.token, {
      sessionId: sent.data.sessionId,
      clientId: 'two-instances-2',
      type: 'text',
      text: 'hello from the shop, via A',
    });
    expect(reply.code).toBe(1000);
    const got = await buyerOnB.next((f) => f.type === 'message' && f.message.id === reply.data.id, 1000);
    const toBuyer = performance.now() - t1;
    expect(got.message.text).toBe('hello from the shop, via A');
    expect(toOperator).toBeLessThan(1000);
    expect(toBuyer).toBeLessThan(1000);
    console.log(
      `two instances: A -> B operator ${toOperator.toFixed(1)} ms, A -> B buyer ${toBuyer.toFixed(1)} ms`,
    );
    buyerOnB.close();
    operatorOnB.close();
  });
});
