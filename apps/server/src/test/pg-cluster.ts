import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// PostgreSQL servers of a test's own (a primary and its streaming replica), started from Debian's
// binaries as the `postgres` user in a temporary directory, on free ports; and a PgBouncer in front of one.

const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Runs a command as the `postgres` user (PostgreSQL and PgBouncer refuse to run as root). */
export async function asPostgres(cmd: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** A temporary directory the `postgres` user owns. */
export async function postgresDir(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `simshop-${tag}-`));
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
  return dir;
}

export type PgServer = {
  port: number;
  dataDir: string;
  /** A URL as `postgres` over TCP, to `db` (default postgres). */
  url(db?: string): string;
  /** One query on a connection of its own. */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, db?: string): Promise<R[]>;
  /** The server's log (stderr), e.g. its statements with `log_statement=all`. */
  log(): string;
  start(): Promise<void>;
  /** Stops at once (`-m immediate`: as a crash or a pulled plug). */
  stop(): Promise<void>;
};

function server(dataDir: string, port: number, settings: string[]): PgServer {
  const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
  const url = (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const opts = [`-p ${port}`, `-k ${path.dirname(dataDir)}`, "-c listen_addresses='127.0.0.1'", ...settings];
  return {
    port,
    dataDir,
    url,
    async query<R extends pg.QueryResultRow>(text: string, db?: string) {
      const c = new pg.Client({ connectionString: url(db) });
      await c.connect();
      try {
        return (await c.query<R>(text)).rows;
      } finally {
        await c.end();
      }
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    async start() {
      await asPostgres(`${PG_BIN}/pg_ctl`, [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-o',
        opts.join(' '),
        'start',
      ]);
    },
    async stop() {
      await asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      );
    },
  };
}

/** Settings that make a throwaway server quick: nothing is made durable (the directory is deleted after). */
const QUICK = ['-c fsync=off', '-c full_page_writes=off', '-c shared_buffers=16MB', '-c max_connections=60'];

/**
 * A fresh primary (initdb, trust authentication, replication allowed on 127.0.0.1 by initdb's defaults) and,
 * with `replica`, a hot standby made from it by `pg_basebackup -R`, streaming from it. `close()` stops both
 * and deletes everything.
 */
export async function startPrimaryAndReplica(opts: { replicaSettings?: string[] } = {}) {
  const dir = await postgresDir('pg');
  const primary = server(path.join(dir, 'primary'), await freePort(), QUICK);
  await asPostgres(`${PG_BIN}/initdb`, ['-D', primary.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await primary.start();
  const replica = server(path.join(dir, 'replica'), await freePort(), [
    ...QUICK,
    ...(opts.replicaSettings ?? []),
  ]);
  await asPostgres(`${PG_BIN}/pg_basebackup`, [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', replica.dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
  ]);
  await replica.start();
  // streaming: the primary sees its WAL receiver
  const until = Date.now() + 10_000;
  for (;;) {
    const rows = await primary.query<{ state: string }>('select state from pg_stat_replication');
    if (rows.some((r) => r.state === 'streaming')) break;
    if (Date.now() > until) throw new Error(`replica not streaming: ${replica.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    primary,
    replica,
    async close() {
      await replica.stop();
      await primary.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PgBouncer = {
  port: number;
  /** A URL through the pooler to one of its databases. */
  url(db: string): string;
  log(): string;
  close(): Promise<void>;
};

/**
 * Debian's PgBouncer (`apt-get install pgbouncer`) in transaction pooling mode, started for a test in front
 * of `server` (a postgres URL): each entry of `databases` is a pooler database name for a server database,
 * with its own server pool size. Trust authentication; the user must be named in its auth file.
 */
export async function startPgBouncer(
  server: string,
  databases: Record<string, { dbname: string; poolSize: number }>,
): Promise<PgBouncer> {
  const target = new URL(server);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = await postgresDir('pgbouncer');
  const port = await freePort();
  const file = (name: string) => path.join(dir, name);
  fs.writeFileSync(file('userlist.txt'), `"${user}" ""\n`);
  const entries = Object.entries(databases).map(
    ([name, d]) =>
      `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${d.dbname} user=${user} pool_size=${d.poolSize}`,
  );
  fs.writeFileSync(
    file('pgbouncer.ini'),
    [
      '[databases]',
      ...entries,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${file('userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      `logfile = ${file('pgbouncer.log')}`,
      `pidfile = ${file('pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir]);
  await asPostgres(process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer', ['-d', file('pgbouncer.ini')]);
  // the daemon writes its pid file after the command returned
  let pid = 0;
  for (let i = 0; i < 250 && !pid; i++) {
    if (fs.existsSync(file('pgbouncer.pid'))) pid = Number(fs.readFileSync(file('pgbouncer.pid'), 'utf8'));
    if (!pid) await new Promise((r) => setTimeout(r, 20));
  }
  if (!pid) throw new Error('pgbouncer did not start');
  const log = () =>
    fs.existsSync(file('pgbouncer.log')) ? fs.readFileSync(file('pgbouncer.log'), 'utf8') : '';
  return {
    port,
    url: (db) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${db}`,
    log,
    async close() {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
