import path from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { migrate, openDb } from './platform/db';
import { seedDemo, seedEssentials } from './seed';
import { loadSimKeys } from './providers/payments/sim-keys';

/** Entry: config, migrate, seed (essentials always, demo data in demo mode), listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  // the demo's payment keys: read (or, on the first start, made on the thread pool) while the database
  // migrates and seeds; buildApp joins this load instead of starting its own
  if (config.demo) loadSimKeys(config.dataDir).catch(() => undefined);
  const sqliteFile = path.join(config.dataDir, 'simshop.db');
  // migrations and the seed run on a connection of their own, without the serving bounds (an index built
  // on a large table may take longer than any request may)
  const setup = openDb({ databaseUrl: config.databaseUrl, preparedStatements: false, sqliteFile });
  try {
    await migrate(setup);
    if (config.demo) await seedDemo(setup.db, config);
    else await seedEssentials(setup.db, config);
  } finally {
    if (setup.engine === 'postgres') await setup.close();
  }
  // a connection that dies under a request is reported here (the app's logger once it exists) and survived
  let report: (err: Error) => void = (err) => console.error('database connection failed:', err.message);
  const dbh =
    setup.engine === 'postgres'
      ? openDb({
          databaseUrl: config.databaseUrl,
          preparedStatements: config.databasePreparedStatements,
          sessionParameters: config.databaseSessionParameters,
          sqliteFile,
          timeouts: config.databaseTimeouts,
          onConnectionError: (err) => report(err),
        })
      : setup;
  const { app } = await buildApp(config, dbh);
  report = (err) => app.log.warn({ err }, 'database connection failed; the pool replaces it');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`SimShop (${config.mode}) at ${config.publicUrl}`);
  // REDIS_URL is how instances share events and limits: with it, uploads on this disk are 404 on the others
  if (config.redisUrl && config.storage.kind === 'local')
    app.log.warn(
      'REDIS_URL is set but STORAGE=local: with several instances, set STORAGE=s3 (docs/operations.md)',
    );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    // app.close() stops the job runner and waits for the runs in progress (an order sweep, a refund);
    // only then does the database close, never under them
    await app.close();
    await dbh.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
