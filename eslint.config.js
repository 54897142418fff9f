// Lint, including the import boundaries of docs/architecture.md section 3:
// contracts <- server modules; contracts <- web features; route -> service -> repository;
// services never import Fastify; web features never import each other's internals; pages compose features;
// a server module is used only through its index.ts; no import cycles in the server, contracts, web app or console.
// The console (apps/admin/src) layers: main -> app -> pages -> shared -> lib -> locales (test/ for tests only).
// Typed rules (no-floating-promises, no-misused-promises) run on the TypeScript sources of every workspace;
// React's rules of hooks on web and admin; max-lines 600 on all TS/TSX with the exceptions listed below.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const root = path.dirname(fileURLToPath(import.meta.url));
const server = path.join(root, 'apps/server/src');
const serverModules = fs
  .readdirSync(path.join(server, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const fixturesOf = (name) =>
  fs
    .readdirSync(path.join(server, 'modules', name))
    .filter((f) => f.endsWith('.fixtures.ts'))
    .map((f) => `./${f}`);

// Outside its own folder a module is reached through its index.ts only (tests and fixtures may also use its
// *.fixtures.ts); modules/index.ts, the list that mounts every module's routes, is the one exception.
// Layers: platform and db never import modules or the seed; modules never import the seed.
// Money has one owner: a module's commands.ts (the writes to an order's money, attempts, ledgers, transfers
// and deliveries) is imported by flows/ only; flows/ (docs/where-things-go.md) by route files and the job
// registration only, so the runtime path is the import graph lint sees.
const boundaries = (forTests) => [
  ...serverModules.map((name) => ({
    target: [`${server}/!(modules|flows)/**`, `${server}/*.ts`, `${server}/modules/!(${name}|index.ts)/**`],
    from: `${server}/modules/${name}`,
    except: ['./index.ts', ...(forTests ? fixturesOf(name) : [])],
    message: `Use the ${name} module through its index.ts, never its repository or other internals.`,
  })),
  ...serverModules.map((name) => ({
    target: `${server}/flows/**`,
    from: `${server}/modules/${name}`,
    except: ['./index.ts', './commands.ts', ...(forTests ? fixturesOf(name) : [])],
    message: `flows/ use the ${name} module through its index.ts and commands.ts only.`,
  })),
  {
    target: [`${server}/!(flows|jobs|modules)/**`, `${server}/*.ts`, `${server}/jobs/!(index.ts)`],
    from: `${server}/flows`,
    except: forTests ? ['./index.ts', './order-payment.fixtures.ts', './order-refund.ts'] : [],
    message: 'flows/ are called by route files and jobs/index.ts only.',
  },
  {
    target: `${server}/modules/**/!(*.routes).ts`,
    from: `${server}/flows`,
    except: forTests ? ['./index.ts', './order-payment.fixtures.ts', './order-refund.ts'] : [],
    message: 'Inside a module only route files call flows/.',
  },
  {
    target: `${server}/platform/**`,
    from: `${server}/modules`,
    message: 'The platform never imports a module.',
  },
  {
    target: `${server}/db/**`,
    from: [`${server}/modules`, `${server}/platform`],
    message: 'db/ holds schema and migrations only.',
  },
  {
    target: [`${server}/modules/**`, `${server}/platform/**`, `${server}/db/**`],
    from: `${server}/seed`,
    message: 'The seed sits above the modules.',
  },
];
const serverTests = [
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*.pgtest.ts',
  'apps/server/src/**/*.fixtures.ts',
  'apps/server/src/test/**',
];
import webBoundaries from './apps/web/lint/boundaries.js';

// The console's layers (apps/admin/src): main.tsx -> app/ (frame, router, menu) -> pages/ -> shared/ (UI pieces
// pages share) -> lib/ (request, session, data provider, i18n, formats) -> locales/ (data). A page folder is
// reached from another only through its index.ts; what two pages share lives in shared/.
const admin = path.join(root, 'apps/admin/src');
const adminPageFolders = fs
  .readdirSync(path.join(admin, 'pages'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const adminZones = [
  {
    target: `${admin}/locales/**`,
    from: [`${admin}/!(locales)/**`, `${admin}/*.tsx`],
    message: 'Locales are data: they import nothing of the console.',
  },
  {
    target: `${admin}/lib/**`,
    from: [`${admin}/shared/**`, `${admin}/pages/**`, `${admin}/app/**`, `${admin}/*.tsx`],
    message: 'lib/ never imports shared UI, pages or the app frame.',
  },
  {
    target: `${admin}/shared/**`,
    from: [`${admin}/pages/**`, `${admin}/app/**`, `${admin}/*.tsx`],
    message: 'shared/ never imports pages or the app frame.',
  },
  {
    target: `${admin}/pages/**`,
    from: [`${admin}/app/**`, `${admin}/*.tsx`],
    message: 'Pages never import the app frame; move what a page needs into shared/.',
  },
  ...adminPageFolders.map((name) => ({
    target: [`${admin}/pages/!(${name})/**`, `${admin}/pages/*`],
    from: `${admin}/pages/${name}`,
    except: ['./index.ts'],
    message: `Reach pages/${name} from another page through its index.ts only; shared pieces go to shared/.`,
  })),
  {
    target: `${admin}/!(test)/**`,
    from: `${admin}/test/**`,
    message: 'Only tests import the test helpers in src/test.',
  },
];

// The typed rules (below) and the TypeScript outside the workspaces: tsconfig.e2e.json's `include`.
const promiseRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
};
const rootToolFiles = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.e2e.json'), 'utf8')).include;

const restrict = (files, patterns, extra = {}) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }], ...extra },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.config.js', '.ci/**', '**/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
    },
  },
  restrict(
    ['packages/contracts/**/*.ts'],
    [
      {
        group: ['@simshop/server', '@simshop/web', '**/apps/**', 'fastify', 'react', 'kysely'],
        message: 'contracts depend on nothing but zod.',
      },
    ],
  ),
  restrict(
    ['apps/server/**/*.ts'],
    [
      {
        group: ['@simshop/web', '**/apps/web/**', 'react', 'react-dom'],
        message: 'The server never imports the web app.',
      },
    ],
  ),
  restrict(
    ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
    [
      {
        group: ['fastify', '@fastify/*', 'fastify-*'],
        message: 'Services and repositories never import Fastify.',
      },
      { group: ['*.routes', '**/*.routes'], message: 'Dependencies point route -> service -> repository.' },
    ],
  ),
  restrict(
    ['apps/server/src/modules/**/*.repository.ts'],
    [
      {
        group: ['*.service', '**/*.service', 'fastify', '@fastify/*'],
        message: 'Repositories depend on the database only.',
      },
    ],
  ),
  restrict(
    ['apps/web/src/**/*.{ts,tsx}'],
    [
      {
        group: ['@simshop/server', '**/apps/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg'],
        message: 'The web app talks to the server over HTTP only.',
      },
    ],
  ),
  restrict(
    ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/features/**/*.{ts,tsx}'],
    [
      {
        group: ['**/pages/**', '@/pages/**'],
        message: 'Pages compose features; features and lib never import pages.',
      },
      {
        group: ['@simshop/server', 'fastify', 'kysely'],
        message: 'The web app talks to the server over HTTP only.',
      },
    ],
  ),
  // Web layers on resolved paths: app -> pages -> features -> shared -> lib; features meet through their index.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: webBoundaries },
    rules: { 'web/layers': 'error' },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'packages/contracts/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/admin/src/**/*.{ts,tsx}',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries(false) }] },
  },
  { files: serverTests, rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries(true) }] } },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    ignores: ['apps/admin/src/**/*.test.{ts,tsx}', 'apps/admin/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: adminZones }] },
  },
  // Promises: a promise is awaited, returned, or voided where nobody waits for it on purpose; a promise-returning
  // function never goes where a void callback is expected (React and antd drop what a handler returns, and
  // with it the rejection). The conventions: a handler that reports its own failure is passed as
  // `(v) => void submit(v)`; `void navigate(...)` (react-router resolves it when the new route has rendered;
  // nothing waits for that); antd's Popconfirm onConfirm, which awaits the promise to spin its OK button, keeps
  // it under a disable comment saying so. Typed, so it runs on the files the workspaces' tsconfig.json include,
  // and on the journeys and scripts of tsconfig.e2e.json (no tsconfig.json of their own for the project service
  // to find, so that project is named).
  {
    files: [
      'apps/server/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/admin/src/**/*.{ts,tsx}',
      'packages/contracts/src/**/*.ts',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: promiseRules,
  },
  {
    files: rootToolFiles,
    languageOptions: { parserOptions: { project: './tsconfig.e2e.json', tsconfigRootDir: root } },
    rules: promiseRules,
  },
  // No source file over 600 lines (blank lines and comments not counted): a longer one is split by concern.
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  // The documented exceptions: data, not logic, that reads best as one list; and the configuration.
  {
    files: [
      'apps/server/src/platform/messages.ts', // every error code's message in five languages, one table
      'apps/server/src/seed/*.ts', // the demo catalogue and regions: data
      'apps/*/src/locales/**', // UI strings per language: data
      'apps/server/src/config.ts', // the one reader of process.env (see no-restricted-properties): one unit
    ],
    rules: { 'max-lines': 'off' },
  },
  // React's rules of hooks (the compiler-era rules of eslint-plugin-react-hooks 7 are not turned on).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: [
      'apps/server/src/config.ts',
      'e2e/**',
      'bench/**',
      'scripts/reliability.ts',
      'scripts/test.mjs',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.pgtest.ts',
      'apps/server/src/test/**',
      '**/vitest.config.ts',
      '**/vite.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
