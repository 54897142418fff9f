// Production build: bundles the server, the contracts package and the packages it uses into dist/main.js (ESM,
// Node 20), so `npm start` runs one plain JavaScript file instead of compiling TypeScript, or resolving and
// reading some 800 package files, on every start (issue 14: start to first answer 1.25 s -> under 1 s).
// Whitespace and syntax are minified (a smaller file parses faster); names are kept, so stack traces read as
// the source does (dist/main.js.map maps them back).
//
// Left outside the bundle, loaded from node_modules as they are: better-sqlite3 (native), pg's optional native
// binding, and the two packages that find their own files through __dirname (there is none in an ES module):
// ioredis (its package.json, error stacks; loaded only with REDIS_URL) and @fastify/swagger.
//
// `node scripts/build.mjs [outfile]`: the outfile defaults to dist/main.js (the build test writes elsewhere).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXTERNAL = ['better-sqlite3', 'pg-native', 'ioredis', '@fastify/swagger'];

await build({
  absWorkingDir: root,
  entryPoints: ['./src/main.ts'],
  outfile: process.argv[2] ?? 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  external: EXTERNAL,
  // bundled CommonJS packages call require() for Node's own modules (and ajv's generated validators for its
  // runtime helpers): an ES module has none, so give the bundle one rooted at its own file
  banner: {
    js: "import { createRequire as __simshopCreateRequire } from 'node:module'; const require = __simshopCreateRequire(import.meta.url);",
  },
});
