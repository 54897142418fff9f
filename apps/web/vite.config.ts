import { defineConfig } from 'vite';

const API_SERVER = 'http://127.0.0.1:3000';

/** Libraries every route needs: one long-cached chunk, loaded with the entry. */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)\//;

export default defineConfig({
  base: '/',
  // Automatic JSX runtime straight from Vite 8's transformer (oxc; the old esbuild option is ignored), no React plugin.
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    // One React for every library (root package.json overrides react-spring's React <= 18 peer range).
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: Object.fromEntries(['/api', '/uploads', '/dev', '/sim'].map((p) => [p, API_SERVER])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      // contracts is pure declarations: drop the zod schemas a chunk imports but never uses.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages\/contracts\/src\//.test(id),
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            {
              name: 'antd-mobile',
              test: /node_modules\/(antd-mobile|@react-spring|@use-gesture|ahooks|rc-[a-z-]+|@floating-ui|classnames|lodash)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
