// Production build: bundles the server and the contracts package into dist/main.js (ESM, Node 20), so
// `npm start` runs plain JavaScript instead of compiling TypeScript on every start. Packages from
// node_modules stay outside the bundle (better-sqlite3 is native; the others load as they are).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@simshop/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: root,
  entryPoints: ['./src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
