import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // *.pgtest.ts: faults only PostgreSQL has (a dropped connection), run when DATABASE_URL is set.
    // src/reliability: the fuzz pass, ownership matrix, two instances and the SIGKILL run, which
    // `npm run reliability` (and CI after each engine's npm test) runs; RELIABILITY=1 includes them here
    include: ['src/**/*.test.ts', ...(process.env.DATABASE_URL ? ['src/**/*.pgtest.ts'] : [])],
    exclude: [...configDefaults.exclude, ...(process.env.RELIABILITY ? [] : ['src/reliability/**'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // SERVER_TEST_REPORT: also a JSON report there (.ci/run hands it to `reliability --from`, so the race and
    // property tests of this run are not run a second time)
    ...(process.env.SERVER_TEST_REPORT
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.SERVER_TEST_REPORT } }
      : {}),
    // vitest's default on a 2-core machine is one file at a time; an API test spends much of its time
    // waiting on the database, the simulators and the job runner, so two files at a time use both cores.
    // On PostgreSQL every file shares one database, a schema per app: an app's migration sees only its own
    // schema (platform/pg-introspector.ts), so another file's app closing (its schema dropped) cannot fail it
    maxWorkers: 2,
    // the demo payment keys, made once per run (test apps copy them into their DATA_DIR)
    globalSetup: ['src/test/global-setup.ts'],
  },
});
