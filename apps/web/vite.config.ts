import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const API_SERVER = 'http://127.0.0.1:3000';

/** Libraries every route needs: one long-cached chunk, loaded with the entry. */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)\//;

/** `src/locales/<lang>/<namespace>.ts`: the language is group 1. */
const LOCALE_FILE = /\/src\/locales\/([^/]+)\/[^/]+\.ts$/;

export default defineConfig(({ mode }) => ({
  base: '/',
  // Automatic JSX runtime straight from Vite 8's transformer (oxc; the old esbuild option is ignored), no React plugin.
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    // One React for every library (root package.json overrides react-spring's React <= 18 peer range).
    dedupe: ['react', 'react-dom'],
    // react-router's package exports point at its development build; ship the production one.
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router')).replace(
                /development/,
                'production',
              ),
            },
          ]
        : [],
  },
  server: {
    proxy: Object.fromEntries(['/api', '/uploads', '/dev', '/sim'].map((p) => [p, API_SERVER])),
  },
  build: {
    outDir: 'dist',
    manifest: true, // read by scripts/first-load-size.mjs
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      // Third-party "use client" directives are meaningless in a client-only bundle: no need to warn about them.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      // contracts is pure declarations: drop the zod schemas a chunk imports but never uses.
      // (a rule, so every other module keeps its package.json `sideEffects`)
      treeshake: {
        moduleSideEffects: [
          { test: /packages\/contracts\/src\//, sideEffects: false },
          // Feature and shared barrels (features/<area>/index.ts, shared/index.ts) must not drag every component
          // into each page that uses one: their modules are declared free of import-time side effects (CSS they
          // import stays).
          { test: /apps\/web\/src\/(features|shared)\/.*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            // Translations load per language on demand (src/locales/index.ts): one chunk per language, not per file.
            { name: (id) => `locale-${LOCALE_FILE.exec(id)?.[1]}`, test: LOCALE_FILE, priority: 10 },
          ],
        },
      },
    },
  },
}));
