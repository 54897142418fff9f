// Lint, including the import boundaries of docs/architecture.md section 3:
// contracts <- server modules; contracts <- web features; route -> service -> repository;
// services never import Fastify; web features never import each other's internals; pages compose features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import webBoundaries from './apps/web/lint/boundaries.js';

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
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' }],
    },
  },
  restrict(['packages/contracts/**/*.ts'], [
    { group: ['@simshop/server', '@simshop/web', '**/apps/**', 'fastify', 'react', 'kysely'], message: 'contracts depend on nothing but zod.' },
  ]),
  restrict(['apps/server/**/*.ts'], [
    { group: ['@simshop/web', '**/apps/web/**', 'react', 'react-dom'], message: 'The server never imports the web app.' },
  ]),
  restrict(['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'], [
    { group: ['fastify', '@fastify/*', 'fastify-*'], message: 'Services and repositories never import Fastify.' },
    { group: ['*.routes', '**/*.routes'], message: 'Dependencies point route -> service -> repository.' },
  ]),
  restrict(['apps/server/src/modules/**/*.repository.ts'], [
    { group: ['*.service', '**/*.service', 'fastify', '@fastify/*'], message: 'Repositories depend on the database only.' },
  ]),
  restrict(['apps/web/src/**/*.{ts,tsx}'], [
    { group: ['@simshop/server', '**/apps/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg'], message: 'The web app talks to the server over HTTP only.' },
  ]),
  restrict(['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/features/**/*.{ts,tsx}'], [
    { group: ['**/pages/**', '@/pages/**'], message: 'Pages compose features; features and lib never import pages.' },
    { group: ['@simshop/server', 'fastify', 'kysely'], message: 'The web app talks to the server over HTTP only.' },
  ]),
  // Web layers on resolved paths: app -> pages -> features -> shared -> lib; features meet through their index.
  { files: ['apps/web/src/**/*.{ts,tsx}'], plugins: { web: webBoundaries }, rules: { 'web/layers': 'error' } },
  {
    files: ['apps/server/src/config.ts', 'e2e/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**', '**/vitest.config.ts', '**/vite.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
