import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // above the 5 s Testing Library waits of src/test/setup.ts, so a slow lazy page fails an assertion,
    // not the whole test's clock
    testTimeout: 20_000,
    // vitest's default on a 2-core machine is one file at a time; two keep both cores busy
    maxWorkers: 2,
  },
});
