// `npm start`: builds the web app, the operator console and the server only when their sources changed since the last build (a fresh
// clone builds both once), then runs the built server (apps/server/dist/main.js) in this process, from
// apps/server as before. `--api-only` skips the web app and the console (the server's own `npm start`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** The newest modification time under these files and folders (0 when none exist). */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    else max = Math.max(max, st.mtimeMs);
  };
  for (const p of paths) visit(p);
  return max;
}

const shared = [
  at('packages/contracts/src'),
  at('packages/contracts/package.json'),
  at('packages/api-types/src'),
  at('packages/api-types/package.json'),
  at('package-lock.json'),
];
const targets = [
  {
    name: 'server',
    stamp: at('apps/server/dist/.built'),
    inputs: [
      at('apps/server/src'),
      at('apps/server/scripts/build.mjs'),
      at('apps/server/package.json'),
      ...shared,
    ],
    build: [process.execPath, [at('apps/server/scripts/build.mjs')], at('apps/server')],
  },
  {
    name: 'web app',
    web: true,
    stamp: at('apps/web/dist/.built'),
    inputs: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      ...shared,
    ],
    build: ['npm', ['run', 'build', '-w', '@simshop/web'], root],
  },
  {
    name: 'operator console',
    web: true,
    stamp: at('apps/admin/dist/.built'),
    inputs: [
      at('apps/admin/src'),
      at('apps/admin/public'),
      at('apps/admin/index.html'),
      at('apps/admin/vite.config.ts'),
      at('apps/admin/package.json'),
      ...shared,
    ],
    build: ['npm', ['run', 'build', '-w', '@simshop/admin'], root],
  },
];

const apiOnly = process.argv.includes('--api-only');
for (const t of targets) {
  if (t.web && apiOnly) continue;
  const built = fs.existsSync(t.stamp) ? fs.statSync(t.stamp).mtimeMs : 0;
  if (built && built >= newest(t.inputs)) continue;
  console.log(`building the ${t.name} (its sources changed since the last build)`);
  const started = Date.now();
  const [cmd, args, cwd] = t.build;
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // the stamp records when the build began: a source saved during the build still counts as changed
  fs.mkdirSync(path.dirname(t.stamp), { recursive: true });
  fs.writeFileSync(t.stamp, '');
  fs.utimesSync(t.stamp, new Date(started), new Date(started));
}

process.chdir(at('apps/server'));
// stack traces name the bundle's functions as the source does; NODE_OPTIONS=--enable-source-maps maps them to
// source lines too, at ~30 MiB and a slower start (dist/main.js.map is parsed at load)
await import(at('apps/server/dist/main.js'));
