// `npm test`: type-check, lint, API types, every workspace's unit and API tests, then the browser journeys.
// TEST_SCOPE=database runs only what depends on the database engine (the server's API tests and the
// journeys): .ci/run sets it for its PostgreSQL pass, after the full run on SQLite checked the rest on the
// same tree.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';

const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'database') {
  console.error(`TEST_SCOPE must be "all" or "database", not "${scope}"`);
  process.exit(2);
}

/** Runs npm scripts side by side (each is one process on one core), then prints each one's output whole. */
async function together(steps) {
  const runs = steps.map(
    (step) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', ...step.split(' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', (status) => resolve({ step, status, out: Buffer.concat(out) }));
      }),
  );
  let failed = 0;
  for (const { step, status, out } of await Promise.all(runs)) {
    process.stdout.write(`\n== npm run ${step}\n`);
    process.stdout.write(out);
    if (status !== 0) failed = status ?? 1;
  }
  if (failed) process.exit(failed);
}

function inTurn(steps) {
  for (const step of steps) {
    const run = spawnSync('npm', ['run', ...step.split(' ')], { stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

if (scope === 'all') {
  // the static checks are single-threaded: two at a time keep both cores busy
  await together(['typecheck', 'lint', 'gen:api:check']);
  inTurn(['test:unit', 'test:e2e']);
} else {
  // E2E_PREBUILT=1: the shop and console were built from this same tree earlier in the run (.ci/run's SQLite
  // pass), so the journeys run on those builds rather than build both again
  inTurn(['test -w @simshop/server', process.env.E2E_PREBUILT === '1' ? 'test:journeys' : 'test:e2e']);
}
