import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppContext } from './context';
import type { DbHandle } from './platform/db';
import { createTokenService } from './platform/tokens';
import { createUser } from './test/fixtures';
import { serverDir, serverHome, stopProcess, type ServerHome } from './test/server-process';
import { TestSocket } from './test/ws-client';

/**
 * The production build (scripts/build.mjs: the server and its packages in one bundle, `npm start`'s entry)
 * run as production runs it, in its own process: the other tests run the TypeScript sources, so this is
 * where a package that does not survive bundling (a require of its own files, a missing external) shows.
 * Each kind of work the bundle holds is touched once: routing and validation (zod), the answer envelope in
 * the caller's language, compression, auth tokens, the database driver of this run (SQLite or PostgreSQL),
 * the chat socket (ws), metrics (prom-client) and the OpenAPI document (@fastify/swagger, left external).
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
// inside the package, so the bundle finds its external packages in node_modules as dist/main.js does
const outDir = path.join(serverDir, '.tmp', `build-test-${process.pid}`);

let home: ServerHome;
let server: ChildProcess | undefined;
let dbh: DbHandle;
const base = () => home.base;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', path.join(outDir, 'main.js')], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  home = await serverHome('build', inject('simKeysDir'));
  server = await home.start(
    [path.join(outDir, 'main.js')],
    { NODE_ENV: 'production', APP_MODE: 'demo' },
    60_000,
  );
  dbh = home.db();
}, 120_000);

afterAll(async () => {
  await stopProcess(server);
  await home?.close();
  fs.rmSync(outDir, { recursive: true, force: true });
});

type Envelope = { code: number; data: any; message: string };

describe(`the production bundle (${engine})`, () => {
  it('serves the catalogue, validates in the caller language and compresses', async () => {
    const home = (await (await fetch(`${base()}/api/app/goods/home`)).json()) as Envelope;
    expect(home.code).toBe(1000);
    expect(home.data.banners.length).toBeGreaterThan(0);

    const page = await fetch(`${base()}/api/app/goods/info/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ page: 1, size: 20, keyWord: 'japan' }),
    });
    // fetch inflates the body itself; the header says it came compressed
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const found = (await page.json()) as Envelope;
    expect(found.code).toBe(1000);
    expect(found.data.list.length).toBeGreaterThan(0);

    const bad = (await (
      await fetch(`${base()}/api/app/goods/info/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', language: 'fr' },
        body: JSON.stringify({ page: 0, size: 20 }),
      })
    ).json()) as Envelope;
    expect(bad.code).not.toBe(1000);
    expect(bad.message).toBe('Page : doit être au moins 1');
  });

  it('knows a signed-in buyer, over HTTP and on the chat socket', async () => {
    const ctx = { db: dbh.db, tokens: createTokenService(dbh.db) } as unknown as AppContext;
    const buyer = await createUser(ctx, { nickname: 'bundle-buyer' });
    const me = (await (
      await fetch(`${base()}/api/app/user/info/person`, { headers: { authorization: buyer.token } })
    ).json()) as Envelope;
    expect(me.code).toBe(1000);
    expect(me.data.nickName ?? me.data.nickname).toBe('bundle-buyer');
    const refused = await fetch(`${base()}/api/app/user/info/person`);
    expect(refused.status).toBe(401);

    const ws = await TestSocket.open(`ws://127.0.0.1:${home.port}/api/app/cs/msg/ws`);
    ws.send({ type: 'auth', token: buyer.token });
    expect((await ws.next((f) => f.type === 'ready')).type).toBe('ready');
    ws.close();
  });

  it('exposes metrics and the OpenAPI document', async () => {
    const metrics = await (await fetch(`${base()}/metrics`)).text();
    expect(metrics).toMatch(/^http_requests_total\{/m);
    const doc = (await (await fetch(`${base()}/api/swagger/json`)).json()) as { paths: object };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });
});
