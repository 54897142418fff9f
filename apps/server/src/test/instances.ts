import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { migrate, openDb, type DbHandle } from '../platform/db';
import { seedDemo } from '../seed';
import type { Providers } from '../providers';

export type Instance = { app: FastifyInstance; ctx: AppContext; dbh: DbHandle; port: number };

async function pgAdmin(url: string, q: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(q);
  await c.end();
}

/**
 * `count` server instances as production runs them, each listening on 127.0.0.1: one database shared by
 * all (a fresh PostgreSQL schema when DATABASE_URL is set, else one SQLite file in a temp folder),
 * migrated and seeded once, and the environment given (REDIS_URL for cross-instance events); a function gives
 * each instance its own (e.g. a DATA_DIR of its own, as instances on separate machines have).
 */
export async function startSharedInstances(
  count: number,
  env: Record<string, string> | ((index: number) => Record<string, string>) = {},
  /** Adapters every instance shares (e.g. one fake payment channel, as all instances talk to one provider). */
  providers?: Partial<Providers>,
) {
  const dbUrl = process.env.DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-instances-'));
  const schema = dbUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (dbUrl) await pgAdmin(dbUrl, `create schema ${schema}`);
  const instances: Instance[] = [];
  for (let i = 0; i < count; i += 1) {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      JOB_POLL_SECONDS: '0',
      RATE_LIMIT_MAX: '100000',
      DATA_DIR: dir,
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      ...(typeof env === 'function' ? env(i) : env),
    });
    const dbh = openDb({ databaseUrl: dbUrl, sqliteFile: path.join(dir, 'shop.db'), pgSchema: schema });
    if (i === 0) {
      await migrate(dbh);
      await seedDemo(dbh.db, config);
    }
    const { app, ctx } = await buildApp(config, dbh, providers);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const addr = app.server.address();
    instances.push({ app, ctx, dbh, port: typeof addr === 'object' && addr ? addr.port : 0 });
  }
  return {
    instances,
    engine: dbUrl ? ('PostgreSQL' as const) : ('SQLite file' as const),
    close: async () => {
      for (const i of instances) {
        await i.app.close();
        await i.dbh.close();
      }
      if (dbUrl && schema) await pgAdmin(dbUrl, `drop schema ${schema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
