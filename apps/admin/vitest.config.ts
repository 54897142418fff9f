import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    // vitest's default on a 2-core machine is one file at a time; two keep both cores busy
    maxWorkers: 2,
    // Refine's router binding must see the same react-router module (and context) as the tests' routers
    server: { deps: { inline: [/@refinedev\//] } },
  },
});
