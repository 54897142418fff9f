import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS, renderIcon } from './scripts/app-icons';
import { localePreloadScript, type PageChunks } from './scripts/locale-preload';

const API_SERVER = 'http://127.0.0.1:3000';

/** Libraries every route needs: one long-cached chunk, loaded with the entry. */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)\//;

/**
 * The app's own start-up code (everything the entry loads statically but the framework and antd-mobile's
 * components' code; their styles, the title bar's, join the app's): one chunk. Left to automatic splitting it made seven small shared chunks, each a request on the
 * first page's critical path (issue 12: Lighthouse's mobile network pays a round trip per request).
 * The entry module itself stays the entry chunk.
 */
const APP_START = (id: string) =>
  !/\/src\/main\.tsx$|\/index\.html$|node_modules\/antd-mobile\/es\/components\/(?!config-provider\/).*\.(js|mjs)$/.test(
    id,
  );
/**
 * What the catalogue's pages (home, category, goods list, search, detail) share: one chunk, not ten. With the
 * contracts' money formats and type tree, which were chunks of their own (0.6 and 0.2 KB, each a request on
 * every catalogue page's first load; issue 27).
 */
const CATALOGUE_SHARED =
  /\/src\/features\/catalogue\/(api|model)\/|\/src\/features\/catalogue\/components\/(goods-card|picture|price|rating-stars|infinite-loader|swiper)\.tsx$|\/src\/shared\/(money\.ts|ui\/query-state\.tsx)$|\/src\/lib\/first-screen\.ts$|\/packages\/contracts\/src\/(money|type-tree)\.ts$/;

/** `src/locales/<lang>/<namespace>.ts`: the language is group 1. */
const LOCALE_FILE = /\/src\/locales\/([^/]+)\/[^/]+\.ts$/;

/**
 * Paths the app never owns (server routes, and the operator console at /admin/ with the spec's
 * /pages/index/admin that leads to it): the service worker neither caches them nor answers them with the shell.
 */
const SERVER_PATHS = /^\/(api|uploads|dev|sim|admin|pages\/index\/admin)(\/|$)/;

/** Draws the install icons (scripts/app-icons.ts) into the build, and serves them in dev. */
function appIcons(): Plugin {
  const png = (src: string) => {
    const icon = APP_ICONS.find((i) => i.src === src);
    return icon ? renderIcon(icon.size, { maskable: icon.purpose !== 'any' }) : null;
  };
  return {
    name: 'simshop-app-icons',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const body = png((req.url ?? '').replace(/^\//, '').split('?')[0] ?? '');
        if (!body) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(body);
      });
    },
    generateBundle() {
      for (const icon of APP_ICONS)
        this.emitFile({ type: 'asset', fileName: icon.src, source: png(icon.src)! });
    },
  };
}

// A page module of the router (app/router globs pages and uni_modules pages): group 1 is its page path.
const PAGE_FILE = /\/src\/((?:pages|uni_modules\/[^/]+\/pages)\/.+)\.tsx$/;

const STYLE_MODULE = /\.(css|less|sass|scss|styl|stylus|pcss|postcss|sss)(\?|$)/;
/** A chunk made of style modules only: vite removes it from the bundle once its CSS is extracted. */
const isStylesOnly = (c: { modules: Record<string, unknown> }) => {
  const ids = Object.keys(c.modules);
  return ids.length > 0 && ids.every((id) => STYLE_MODULE.test(id));
};

/** Where the build puts the locale preload script (scripts/locale-preload.ts), at the root like registerSW.js. */
const LOCALE_PRELOAD = 'locale-preload.js';
/**
 * The same facts for the server (apps/server platform/static): the chunks of each page and of each language,
 * which it names in the head of a page it writes the first screen into.
 */
const FIRST_LOAD = 'first-load.json';

/**
 * Asks for the start-up language's translation chunks from index.html, before the entry has run (issue 12:
 * they were the last link of the chain before the first paint). An async classic script: it blocks nothing.
 */
function localePreload(): Plugin {
  return {
    name: 'simshop-locale-preload',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { src: `/${LOCALE_PRELOAD}`, async: true, fetchpriority: 'high' },
        injectTo: 'head-prepend',
      },
    ],
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      const pages: PageChunks = {};
      const entry = new Set<string>();
      for (const file of Object.values(bundle))
        if (file.type === 'chunk' && file.isEntry)
          [file.fileName, ...file.imports].forEach((f) => entry.add(f));
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const lang = /^locale-(.+)$/.exec(file.name)?.[1];
        if (lang) chunks[lang] = `/${file.fileName}`;
        // a page file (src/pages/index/home.tsx) is the page at /pages/index/home (app/routes pageFileOf)
        const page = file.isDynamicEntry ? PAGE_FILE.exec(file.facadeModuleId ?? '')?.[1] : undefined;
        if (!page) continue;
        // the page chunk and everything it statically imports, at any depth, beyond what the entry loads
        const js: string[] = [];
        const seen = new Set<string>();
        const css = new Set<string>();
        const visit = (f: string) => {
          if (entry.has(f) || seen.has(f)) return;
          seen.add(f);
          const c = bundle[f];
          if (c?.type !== 'chunk') return;
          c.viteMetadata?.importedCss.forEach((x) => css.add(x));
          // a chunk of styles only is dropped by vite after this hook (its CSS file stays): never preload it
          if (!isStylesOnly(c)) js.push(f);
          c.imports.forEach(visit);
        };
        visit(file.fileName);
        pages[`/${page}`] = { js: js.map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) };
      }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_LOAD,
        source: JSON.stringify({ locales: chunks, pages }),
      });
      this.emitFile({
        type: 'asset',
        fileName: LOCALE_PRELOAD,
        source: localePreloadScript(chunks, 'language', pages),
      });
    },
  };
}

/** Built files worth compressing (text), and the size below which compression is not worth a lookup. */
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the build, once,
 * so the server sends them as they are (@fastify/static preCompressed) instead of compressing each answer
 * itself at a fast setting: the framework chunk travels as 93 KB instead of 110 KB (issue 12: it is the
 * longest download before the first paint).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'simshop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(outDir, name);
        const body = fs.readFileSync(file);
        if (body.length < COMPRESS_MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Installable PWA (vite-plugin-pwa, Workbox generateSW): the manifest and a service worker that precaches the app
 * shell (entry, every page and locale chunk, CSS, icons) and answers any page navigation with index.html, so a page
 * once opened online opens offline. API answers are never cached by the worker: per-user data kept for offline use
 * (the last-known SIM card) lives in the app's own per-user storage, cleared at logout.
 */
const pwa = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // a tiny registerSW.js script tag, no workbox-window in the entry chunk
    injectRegister: 'script-defer',
    includeAssets: [],
    manifest: {
      name: 'SimShop',
      short_name: 'SimShop',
      description: 'SIM cards, eSIM travel data plans and goods',
      lang: 'zh-Hans',
      start_url: '/pages/index/home',
      scope: '/',
      id: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#f5f5f7',
      theme_color: '#ffffff',
      icons: APP_ICONS.filter((i) => i.purpose !== 'apple').map((i) => ({
        src: `/${i.src}`,
        sizes: `${i.size}x${i.size}`,
        type: 'image/png',
        purpose: i.purpose,
      })),
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [SERVER_PATHS],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });

export default defineConfig(({ mode }) => ({
  base: '/',
  plugins: [appIcons(), localePreload(), pwa(), precompress()],
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
            // only what the start-up needs ($initial), without pulling in what those modules import
            {
              name: 'app',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              test: APP_START,
              priority: 5,
            },
            { name: 'catalogue', includeDependenciesRecursively: false, test: CATALOGUE_SHARED, priority: 4 },
          ],
        },
      },
    },
  },
}));
