import { defineConfig } from 'vite';

const API_SERVER = 'http://127.0.0.1:3000';

/** Libraries every console page needs: long-cached chunks loaded with the entry. */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next)\//;
const UI = /node_modules\/(antd|@ant-design|rc-[^/]+|@rc-component|@refinedev|dayjs)\//;
const CHARTS = /node_modules\/(recharts|d3-[^/]+|victory-vendor|@reduxjs|immer|reselect)\//;

/**
 * The operator console, served by the server at `/admin/` (apps/server/src/platform/static.ts). It is a
 * separate build from the shop: nothing of it is in the shop's bundle.
 */
export default defineConfig({
  base: '/admin/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    proxy: Object.fromEntries(['/api', '/uploads', '/dev'].map((p) => [p, API_SERVER])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      treeshake: {
        moduleSideEffects: [{ test: /packages\/contracts\/src\//, sideEffects: false }],
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 30 },
            { name: 'charts', test: CHARTS, priority: 25 },
            { name: 'ui', test: UI, priority: 20 },
          ],
        },
      },
    },
  },
});
