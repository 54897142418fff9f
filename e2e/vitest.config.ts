import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // two journey files at a time (each its own server, database and browser): most of a journey is waiting on
    // the browser and the simulated providers, so CI's journeys take ~165 s per engine instead of ~300 s
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
