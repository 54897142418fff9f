import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { migrate, openDb, type DbHandle } from '../../platform/db';
import { seedDemo } from '../../seed';
import { createUser } from '../../test/fixtures';
import { TestSocket } from '../../test/ws-client';
import type { AppContext } from '../../context';
import { operatorToken } from './cs.fixtures';

/**
 * Two server instances as production runs them: one database (a PostgreSQL schema both use, or without
 * DATABASE_URL one SQLite file) and one Redis, each listening on its own port. A message sent through
 * instance A must reach a socket held by instance B within a second.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const dbUrl = process.env.DATABASE_URL;
type Instance = { app: FastifyInstance; ctx: AppContext; dbh: DbHandle; port: number };
let a: Instance;
let b: Instance;
let schema: string | undefined;
let dir: string;

async function pgAdmin(q: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(q);
  await c.end();
}

async function start(seed: boolean): Promise<Instance> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JOB_POLL_SECONDS: '0',
    RATE_LIMIT_MAX: '100000',
    DATA_DIR: dir,
    REDIS_URL,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  });
  const dbh = openDb({ databaseUrl: dbUrl, sqliteFile: path.join(dir, 'shop.db'), pgSchema: schema });
  if (seed) {
    await migrate(dbh);
    await seedDemo(dbh.db, config);
  }
  const { app, ctx } = await buildApp(config, dbh);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  return { app, ctx, dbh, port: typeof addr === 'object' && addr ? addr.port : 0 };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-cs-two-'));
  if (dbUrl) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    await pgAdmin(`create schema ${schema}`);
  }
  a = await start(true);
  b = await start(false);
});

afterAll(async () => {
  for (const i of [a, b]) {
    if (!i) continue;
    await i.app.close();
    await i.dbh.close();
  }
  if (dbUrl && schema) await pgAdmin(`drop schema ${schema} cascade`);
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = async (i: Instance, url: string, token: string, body: unknown) => {
  const res = await fetch(`http://127.0.0.1:${i.port}/api/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any; message: string };
};

describe('two instances on one database and one Redis', () => {
  it(`delivers a message sent through instance A to a socket on instance B within a second (${dbUrl ? 'PostgreSQL' : 'SQLite file'})`, async () => {
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
