import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type DbHandle } from '../platform/db';
import { SIM_KEYS_FILE } from '../providers/payments/sim-keys';
import { freePort } from './own-redis';

// For tests that run the server in its own process (the crash test, the production bundle test): a PostgreSQL
// database of its own, and the wait for the process to answer.

/** Runs one administrative statement (create/drop database or schema) on its own connection. */
export async function pgAdmin(url: string, q: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/**
 * With DATABASE_URL set, a fresh database beside it (`<name>_<tag>_<random>`, for the server process to migrate
 * as production does) and how to drop it; without it undefined (the server uses SQLite in its DATA_DIR).
 */
export async function ownPgDatabase(
  tag: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return undefined;
  const u = new URL(admin);
  const name = `${u.pathname.slice(1)}_${tag}_${crypto.randomBytes(4).toString('hex')}`;
  await pgAdmin(admin, `create database ${name}`);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => pgAdmin(admin, `drop database if exists ${name}`) };
}

/** Waits until the process answers `GET <base>/ready` with 200; throws when it exits first or after `timeoutMs`. */
export async function waitUntilReady(child: ChildProcess, base: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`the server did not become ready in ${timeoutMs / 1000} s`);
    try {
      if ((await fetch(`${base}/ready`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** apps/server: where the server process runs, as `npm start` runs it. */
export const serverDir = path.resolve(new URL('../..', import.meta.url).pathname);

/** Ends a server process with `signal` and waits until it has exited (nothing when it already has). */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/**
 * Where a server process of a test lives: a data directory (with the test run's simulator keys, so the server
 * makes none), a database of its own on PostgreSQL runs, a free port, and the test's own connection to that
 * database. `start` spawns node with `args` there (quiet logs, no scheduled partner jobs, plus `env`) and waits
 * until it answers; `close` ends what is left and removes it all.
 */
export async function serverHome(tag: string, simKeysDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `simshop-${tag}-`));
  fs.copyFileSync(path.join(simKeysDir, SIM_KEYS_FILE), path.join(dataDir, SIM_KEYS_FILE));
  // a database of its own: the server process migrates it as production does
  const ownDb = await ownPgDatabase(tag);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let dbh: DbHandle | undefined;
  return {
    dataDir,
    port,
    base,
    async start(args: string[], env: Record<string, string> = {}, timeoutMs = 30_000) {
      const child = spawn(process.execPath, args, {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          LOG_LEVEL: 'silent',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          PARTNER_SYNC_MINUTES: '0',
          SIM_USAGE_REFRESH_MINUTES: '0',
          ...(ownDb ? { DATABASE_URL: ownDb.url } : {}),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitUntilReady(child, base, timeoutMs);
      return child;
    },
    /** The test's own connection to the server's database (opened once, after the server has migrated it). */
    db(): DbHandle {
      return (dbh ??= openDb({ databaseUrl: ownDb?.url, sqliteFile: path.join(dataDir, 'simshop.db') }));
    },
    async close() {
      await dbh?.close();
      await ownDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type ServerHome = Awaited<ReturnType<typeof serverHome>>;
