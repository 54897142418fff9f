// A process that takes a scheduled job's lease and holds it in a run that never ends, as a real instance
// does during a long job (a partner catalogue sync), for the job-lease takeover test: the test then kills
// it (SIGKILL: a crash, a lost machine) or stops it (SIGTERM: main's graceful shutdown path, the runner
// stopped with the app's grace). Uses the runner and the lease length production uses.
// Env: DATABASE_URL (PostgreSQL) or SQLITE_FILE, JOB_NAME; prints "running <holder>" once the run started.
import { createJobRunner } from '../jobs/runner';
import { openDb } from '../platform/db';

const dbh = openDb({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.SQLITE_FILE });
// the runner's own default lease: the one production uses (JOB_LEASE_SECONDS defaults to it)
const runner = createJobRunner({ db: dbh.db, pollMs: 100 });
runner.schedule({
  name: process.env.JOB_NAME ?? 'lease-test',
  everyMs: 100,
  run: () => {
    process.stdout.write(`running ${runner.holder}\n`);
    return new Promise(() => undefined);
  },
});
runner.start();
// the runner's timer does not keep a process alive (a server's listening socket does): this one must
setInterval(() => undefined, 60_000);
process.on('SIGTERM', () => {
  // as main's shutdown: the app closes (the runner stopped, 5 s grace in the app; shorter here), then exit
  void runner
    .stop(500)
    .then(() => dbh.close())
    .then(() => process.exit(0));
});
