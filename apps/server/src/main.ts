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
  const dbh = openDb({
    databaseUrl: config.databaseUrl,
    preparedStatements: config.databasePreparedStatements,
    sqliteFile: path.join(config.dataDir, 'simshop.db'),
  });
  await migrate(dbh);
  if (config.demo) await seedDemo(dbh.db, config);
  else await seedEssentials(dbh.db, config);
  const { app } = await buildApp(config, dbh);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`SimShop (${config.mode}) at ${config.publicUrl}`);
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
