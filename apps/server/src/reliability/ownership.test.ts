import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import { addressOf, buyNow, physicalGoods, type Buyer } from '../modules/order/order.fixtures';

/**
 * The ownership matrix: every resource buyer A owns (address, cart line, order) x every buyer call of the
 * OpenAPI document that takes an id: buyer B presents A's ids in each id field, path and query parameter.
 * B must learn nothing of A's (no answer carries A's marker or order number) and change nothing of A's
 * (A's rows are the same afterwards).
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
type Op = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
const ID_NAME = /(^id$|Id$|^ids$|Ids$)/;
const MARKER = 'OWNER-A-7f3c-marker';

/** A plain value of a schema's type, so a call gets past validation to its ownership check. */
function sample(s: Schema | undefined): unknown {
  const type = Array.isArray(s?.type) ? s?.type[0] : s?.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object' || s?.properties)
    return Object.fromEntries((s?.required ?? []).map((k) => [k, sample(s?.properties?.[k])]));
  return 'x';
}

let t: TestApp;
let a: Buyer;
let b: Buyer;
const owned: { kind: string; id: number }[] = [];
let orderNo = '';
beforeAll(async () => {
  t = await createTestApp();
  a = await createUser(t.ctx);
  b = await createUser(t.ctx);
  const goods = await physicalGoods(t, { stock: 50 });
  const addressId = await addressOf(t, a, MARKER);
  owned.push({ kind: 'address', id: addressId });
  const order = await buyNow(t, a, goods.specIds[0]!, { addressId });
  if (order.code !== 1000) throw new Error(order.message);
  owned.push({ kind: 'order', id: Number(order.data.id) });
  orderNo = String(
    (
      await t.ctx.db
        .selectFrom('shop_order')
        .select('order_no')
        .where('id', '=', order.data.id)
        .executeTakeFirstOrThrow()
    ).order_no,
  );
  const added = await call(t.app, 'POST', 'app/user/cart/add', {
    token: a.token,
    body: { specId: goods.specIds[0], quantity: 2 },
  });
  if (added.code !== 1000) throw new Error(`cart add: ${added.message}`);
  const line = await t.ctx.db
    .selectFrom('cart_item')
    .select('id')
    .where('user_id', '=', a.id)
    .executeTakeFirstOrThrow();
  owned.push({ kind: 'cart line', id: Number(line.id) });
});
afterAll(async () => t?.close());

const snapshot = async () =>
  JSON.stringify([
    await t.ctx.db.selectFrom('address').selectAll().where('user_id', '=', a.id).orderBy('id').execute(),
    await t.ctx.db.selectFrom('shop_order').selectAll().where('user_id', '=', a.id).orderBy('id').execute(),
    await t.ctx.db.selectFrom('cart_item').selectAll().where('user_id', '=', a.id).orderBy('id').execute(),
  ]);

describe('ownership matrix', () => {
  it("buyer B gets nothing of buyer A's and changes nothing of it", { timeout: 300_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/swagger/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };
    const before = await snapshot();
    const leaks: string[] = [];
    let calls = 0;
    let cells = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/app/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const bodyIds = Object.keys(schema?.properties ?? {}).filter((k) => ID_NAME.test(k));
        const queryIds = (op.parameters ?? []).filter((p) => p.in !== 'header' && ID_NAME.test(p.name));
        if (bodyIds.length + queryIds.length === 0) continue;
        calls += 1;
        for (const r of owned) {
          cells += 1;
          const body = sample(schema) as Record<string, unknown>;
          for (const k of bodyIds) {
            const type = schema?.properties?.[k]?.type;
            body[k] = type === 'array' ? [r.id] : r.id;
          }
          const query: Record<string, string> = {};
          let url = path;
          for (const p of queryIds) {
            if (p.in === 'path') url = url.replace(`{${p.name}}`, String(r.id));
            else query[p.name] = p.name.endsWith('s') ? String(r.id) : String(r.id);
          }
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET' | 'POST',
            url,
            query,
            headers: { authorization: b.token, 'content-type': 'application/json', language: 'en' },
            ...(method === 'get' ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.body.includes(MARKER) || res.body.includes(orderNo))
            leaks.push(`${method.toUpperCase()} ${path} with A's ${r.kind} ${r.id}`);
          expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
        }
      }
    }
    const after = await snapshot();
    const figures = `ownership: ${owned.length} resources x ${calls} calls taking ids = ${cells} cells, ${leaks.length} leaks`;
    console.log(figures);
    if (process.env.RELIABILITY_FIGURES) fs.appendFileSync(process.env.RELIABILITY_FIGURES, `${figures}\n`);
    expect(calls).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
    expect(after).toBe(before);
    // the matrix can see A's things at all: A reading its own order finds the order number
    const own = await call(t.app, 'GET', 'app/order/info/info', {
      token: a.token,
      query: { id: String(owned[1]!.id) },
    });
    expect(JSON.stringify(own)).toContain(orderNo);
  });
});
