import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config';
import { buildApp } from '../app';
import { migrate, openDb, type DbHandle } from '../platform/db';
import type { AppContext } from '../context';
import { seedDemo } from '../seed';
import type { Providers } from '../providers';
import { SIM_KEYS_FILE } from '../providers/payments/sim-keys';

/** What production requires (no demo secrets, a gateway for SMS), for tests of production behaviour. */
export const PRODUCTION_ENV: Record<string, string> = {
  APP_MODE: 'production',
  APP_SECRET: 'test-production-secret-0123456789abcdef',
  ADMIN_INITIAL_PASSWORD: 'test-operator-pass',
  WECHAT_APP_SECRET: 'test-wechat-secret',
  PUBLIC_URL: 'https://shop.example',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'test-token',
  TWILIO_FROM: '+15005550006',
  TWILIO_API_BASE: 'http://127.0.0.1:9',
};

export type TestApp = { app: FastifyInstance; ctx: AppContext; config: Config; close: () => Promise<void> };

/**
 * A fresh server on a fresh database: in-memory SQLite, or a new schema in PostgreSQL when
 * TEST_DATABASE_URL / DATABASE_URL is set. Demo seed applied unless `seed: false`.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    seed?: boolean;
    providers?: Partial<Providers>;
    /** The PostgreSQL server to use instead of DATABASE_URL (a test's own primary, a pooler in front). */
    databaseUrl?: string;
    /**
     * PostgreSQL: false uses the database's own schema instead of a new one per app (behind PgBouncer, which
     * cannot carry a connection's search_path: give the test a database of its own).
     */
    newSchema?: boolean;
    /** Adds routes (e.g. a callback catcher) before the app is ready. */
    beforeReady?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const dbUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const dataDir = `${process.env.TMPDIR ?? '/tmp'}/simshop-test-${crypto.randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    CAPTCHA_TEST_MODE: '0',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CODE_IP_HOURLY_MAX: '100000',
    // the job runner has no timer: tests drive it with ctx.jobs.tick()
    JOB_POLL_SECONDS: '0',
    // nor a payment reconciliation on it: tests call reconcilePayments themselves
    PAY_RECONCILE_SECONDS: '0',
    // nor the SIM card usage refresh and catalogue sync: tests call them themselves
    SIM_USAGE_REFRESH_MINUTES: '0',
    PARTNER_SYNC_MINUTES: '0',
    // no e-invoice for every paid order unless a test asks (INVOICE_ENABLED: '1'; modules/invoice)
    INVOICE_ENABLED: '0',
    // the tests play the reverse proxy on loopback: X-Forwarded-For names the client
    TRUST_PROXY: 'loopback',
    DATA_DIR: dataDir,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    ...opts.env,
  });
  let schema: string | undefined;
  if (dbUrl && opts.newSchema !== false) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  // demo mode keeps its payment keys in DATA_DIR: start from the run's shared copy rather than make new ones
  const ownDataDir = config.dataDir === path.resolve(dataDir);
  if (config.demo && ownDataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.copyFileSync(path.join(inject('simKeysDir'), SIM_KEYS_FILE), path.join(dataDir, SIM_KEYS_FILE));
  }
  const dbh: DbHandle = openDb({
    databaseUrl: dbUrl,
    sqliteFile: ':memory:',
    pgSchema: schema,
    // DATABASE_POOLER=transaction in `env`: as the server would connect behind PgBouncer
    preparedStatements: config.databasePreparedStatements,
    sessionParameters: config.databaseSessionParameters,
  });
  await migrate(dbh);
  if (opts.seed !== false) await seedDemo(dbh.db, config);
  const { app, ctx } = await buildApp(config, dbh, opts.providers);
  await opts.beforeReady?.(app, ctx);
  await app.ready();
  return {
    app,
    ctx,
    config,
    close: async () => {
      await app.close();
      await dbh.close();
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbUrl && schema) {
        const c = new pg.Client({ connectionString: dbUrl });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      }
    },
  };
}

/** Calls the API like the app does and returns the parsed envelope with the HTTP status. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: {
    body?: unknown;
    query?: Record<string, string>;
    token?: string;
    language?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const res = await app.inject({
    method,
    url: url.startsWith('/api') ? url : `/api/${url.replace(/^\//, '')}`,
    query: opts.query,
    payload: opts.body as object | undefined,
    headers: {
      ...(opts.token ? { authorization: opts.token } : {}),
      language: opts.language ?? 'en',
      ...opts.headers,
    },
  });
  let json: { code: number; data: any; message: string } | undefined;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, ...(json ?? { code: -1, data: null, message: res.body }) };
}

/** `value`, failing the test with `what` when it is missing: reads an item a test expects to exist. */
export function defined<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what} to exist`);
  return value;
}
