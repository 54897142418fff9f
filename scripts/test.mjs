// `npm test`: type-check, lint, API types, every workspace's unit and API tests, then the browser journeys.
// TEST_SCOPE=database runs only what depends on the database engine (the server's API tests and the
// journeys): .ci/run sets it for its PostgreSQL pass, after the full run on SQLite checked the rest on the
// same tree.
import { spawnSync } from 'node:child_process';

const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'database') {
  console.error(`TEST_SCOPE must be "all" or "database", not "${scope}"`);
  process.exit(2);
}
const steps =
  scope === 'all'
    ? ['typecheck', 'lint', 'gen:api:check', 'test:unit', 'test:e2e']
    : ['test -w @simshop/server', 'test:e2e'];
for (const step of steps) {
  const run = spawnSync('npm', ['run', ...step.split(' ')], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
