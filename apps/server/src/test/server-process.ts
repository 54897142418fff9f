import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';

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
