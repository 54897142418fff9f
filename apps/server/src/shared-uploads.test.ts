import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from './modules/catalogue/catalogue.fixtures';
import { goodsFixture } from './modules/cart/cart.fixtures';
import { createUser } from './test/fixtures';
import { startSharedInstances, type Instance } from './test/instances';
import { startS3Server } from './test/s3-server';

/**
 * Issue 26 fault 7: uploads on each instance's own disk were 404 on every other instance. Two instances on
 * one database, each with a DATA_DIR of its own (as on two machines), keep their files in one S3-compatible
 * store (STORAGE=s3): a real S3 server (s3rver, in this process) spoken to over HTTP by @aws-sdk/client-s3.
 * A picture uploaded through A is served by B; a transfer proof submitted through B leaves the public side
 * (never served at /uploads, on either instance) and operators read it through B's authorised route.
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite file';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let s3: Awaited<ReturnType<typeof startS3Server>>;
let s3Env: Record<string, string>;
const dataDirs: string[] = [];
let shared: Awaited<ReturnType<typeof startSharedInstances>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Env = s3.env;
  shared = await startSharedInstances(2, (i) => {
    dataDirs[i] = fs.mkdtempSync(path.join(os.tmpdir(), `simshop-instance${i}-`));
    return { ...s3Env, DATA_DIR: dataDirs[i]!, ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' };
  });
  [a, b] = shared.instances as [Instance, Instance];
});
afterAll(async () => {
  await shared?.close();
  await s3?.close();
  for (const dir of dataDirs) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; code: number; data: any; message: string };
async function api(
  at: Instance,
  method: 'GET' | 'POST',
  url: string,
  o: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${at.port}/api/${url}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: o.token } : {}),
      language: 'en',
    },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
  const json = (await res.json().catch(() => ({ code: -1, data: null, message: '' }))) as Omit<
    Answer,
    'status'
  >;
  return { status: res.status, ...json };
}
/** The upload call as the app makes it (multipart, one file), on one instance. */
async function uploadThrough(at: Instance, token: string, data: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`http://127.0.0.1:${at.port}/api/app/base/comm/upload`, {
    method: 'POST',
    headers: { authorization: token, language: 'en' },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { url: string }; message: string };
  expect(body.code, body.message).toBe(1000);
  return body.data;
}
const get = (at: Instance, url: string, token?: string) =>
  fetch(`http://127.0.0.1:${at.port}${url}`, { headers: token ? { authorization: token } : {} });
/** Every file under a folder (none when it does not exist). */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]) : [];

describe(`uploads in a shared S3-compatible store, two instances (${engine})`, () => {
  it('serves a picture uploaded through instance A from instance B, and nothing on either disk', async () => {
    const user = await createUser(a.ctx);
    const up = await uploadThrough(a, user.token, PNG, 'me.png');
    const served = await get(b, up.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // an avatar set through B from A's upload is served by A as well
    const avatar = await api(b, 'POST', 'app/user/info/updatePerson', {
      token: user.token,
      body: { avatarUrl: up.url },
    });
    expect(avatar.code, avatar.message).toBe(1000);
    expect((await get(a, up.url)).status).toBe(200);
    for (const dir of dataDirs) expect(filesUnder(path.join(dir, 'uploads'))).toEqual([]);
    // a key never uploaded is the 404 envelope on both
    for (const at of [a, b]) {
      const missing = await get(at, '/uploads/2026-11/AAAAAAAAAAAAAAAAAAAAAAAA.png');
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { code: number }).code).toBe(1002);
    }
  });

  it('keeps a transfer proof private: gone from /uploads on both, operators read it through B', async () => {
    const buyer = await createUser(a.ctx, { kind: 'company' });
    await a.ctx.db
      .insertInto('company_profile')
      .values({
        user_id: buyer.id,
        company_name: 'Travel Co.',
        ubn: '04595257',
        contact_name: 'Lin',
        email: `c${buyer.id}@example.com`,
        verified_at: Date.now(),
      })
      .execute();
    const g = await goodsFixture(a.ctx, { specs: [{ price: 250_000, stock: 5 }], payWays: ['transfer'] });
    const order = await api(a, 'POST', 'app/order/info/create', {
      token: buyer.token,
      body: { buyNow: { specId: g.specIds[0], quantity: 1 }, payWay: 'transfer' },
    });
    expect(order.code, order.message).toBe(1000);
    const orderId = order.data.id as number;
    expect(
      (await api(a, 'GET', `app/order/transfer/bankInfo?orderId=${orderId}`, { token: buyer.token })).code,
    ).toBe(1000);

    const proof = await uploadThrough(a, buyer.token, PNG, 'slip.png');
    expect((await get(b, proof.url)).status).toBe(200); // a plain upload until submitted
    const sent = await api(b, 'POST', 'app/order/transfer/submitProof', {
      token: buyer.token,
      body: { orderId, proofs: [proof.url] },
    });
    expect(sent.code, sent.message).toBe(1000);
    const sha = crypto.createHash('sha256').update(PNG).digest('hex');
    expect(sent.data.proofs).toEqual([expect.objectContaining({ sha256: sha, mime: 'image/png' })]);
    const proofId = sent.data.proofs[0].id as number;

    // the public copy is gone for every instance; the private one is in the shared store, not on a disk
    for (const at of [a, b]) expect((await get(at, proof.url)).status).toBe(404);
    expect(await b.ctx.files.exists('public', proof.url.slice('/uploads/'.length))).toBe(false);
    expect(await a.ctx.files.exists('private', `transfer/${sha}.png`)).toBe(true);
    for (const dir of dataDirs) expect(filesUnder(path.join(dir, 'private'))).toEqual([]);
    // no public path reaches the private side
    for (const url of [
      `/uploads/transfer/${sha}.png`,
      `/uploads/..%2Fprivate%2Ftransfer%2F${sha}.png`,
      `/uploads/%2e%2e/private/transfer/${sha}.png`,
    ])
      for (const at of [a, b]) expect((await get(at, url)).status, url).toBe(404);

    // operators only, through the authorised route, on the instance that did not take the upload
    const anonymous = await get(b, `/api/admin/order/transfer/proof?id=${proofId}`);
    expect(anonymous.status).toBe(401);
    const asBuyer = await get(b, `/api/admin/order/transfer/proof?id=${proofId}`, buyer.token);
    expect(asBuyer.status).toBe(401);
    const op = await createOperator(b.ctx, 'finance');
    const read = await get(b, `/api/admin/order/transfer/proof?id=${proofId}`, op.token);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
